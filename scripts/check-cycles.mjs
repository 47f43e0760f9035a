// Reports import cycles among the project's TypeScript modules (STYLE.md: no import cycles).
// Small and dependency-free: reads static imports, resolves relative paths and the tsconfig aliases.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['contract', 'src', 'renderer', 'server', 'products'];
const ALIASES = [
  ['@contract/', 'contract/'],
  ['@renderer/', 'renderer/'],
  ['@renderer', 'renderer/index'],
  ['@server/', 'server/'],
  ['@schemas/', 'schemas/'],
  ['@/', 'src/'],
];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === '__tests__') return [];
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

function resolveImport(from, spec) {
  let base = null;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else {
    const alias = ALIASES.find(([a]) => spec === a.replace(/\/$/, '') || spec.startsWith(a));
    if (alias) base = join(root, alias[1] + spec.slice(alias[0].length));
  }
  if (!base) return null;
  for (const ext of EXTENSIONS) {
    const p = base.replace(/\.js$/, '') + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

const graph = new Map();
for (const file of ROOTS.flatMap((d) => files(join(root, d)))) {
  const text = readFileSync(file, 'utf8');
  const deps = [];
  // Type-only imports vanish at run time and cannot form a cycle that matters.
  for (const m of text.matchAll(
    /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  )) {
    const target = resolveImport(file, m[1]);
    if (target) deps.push(target);
  }
  graph.set(file, deps);
}

const state = new Map();
const stack = [];
const cycles = [];
function visit(node) {
  state.set(node, 'open');
  stack.push(node);
  for (const dep of graph.get(node) ?? []) {
    if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
    else if (!state.has(dep)) visit(dep);
  }
  stack.pop();
  state.set(node, 'done');
}
for (const node of graph.keys()) if (!state.has(node)) visit(node);

if (cycles.length) {
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(root, f)).join(' -> ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${graph.size} modules`);
