// `node scripts/e2e-durations.mjs [report]`: writes tests/e2e/durations.json, each spec file's summed test time
// in seconds, from a Playwright JSON report (default test-results/e2e.json, which `npm test` writes).
// playwright.config.ts starts the longest files first, so a long file does not run alone at the end.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const report = JSON.parse(readFileSync(process.argv[2] ?? `${root}test-results/e2e.json`, 'utf8'));
const seconds = {};
(function walk(suite, file) {
  for (const s of suite.suites ?? []) walk(s, s.file ?? file);
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      for (const r of t.results) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
})(report);
const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, s]) => [file, Math.round(s)]),
);
writeFileSync(`${root}tests/e2e/durations.json`, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/e2e/durations.json: ${Object.keys(sorted).length} spec files`);
