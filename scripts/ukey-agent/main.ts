// `npm run ukey-agent -- [options]`: the reference UKEY signing agent (docs/decisions: UKEY agent protocol).
//
//   --keys <dir>       key folder: every <name>.ukey.json in it is an inserted key (default ./ukey-keys)
//   --port <n>         loopback port (default 18180, or UKEY_AGENT_PORT)
//   --origin <url>     portal origin allowed to call; repeat for several
//                      (default http://127.0.0.1:8080 and http://localhost:8080)
//   --driver-version <v>  version the emulated driver reports (default 3.1.0)
//   --init <dir> --server <url>   write the demo keys' files into <dir> and exit (the server must run)
//
// Faults: PUT http://127.0.0.1:<port>/control/faults {"faults": ["sign"]} (not from a browser), or a
// faults.json file of the same shape in the key folder. See scripts/ukey-agent/faults.ts for the names.
import { resolve } from 'node:path';
import { AGENT_VERSION, DEFAULT_AGENT_PORT, startAgent } from './agentServer';
import { FAULTS } from './faults';
import { initKeyFiles } from './initKeys';

function args(argv: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const value = argv[i + 1] && !argv[i + 1]!.startsWith('--') ? argv[++i]! : 'true';
    out.set(a.slice(2), [...(out.get(a.slice(2)) ?? []), value]);
  }
  return out;
}

const opts = args(process.argv.slice(2));
const one = (name: string): string | undefined => opts.get(name)?.[0];
const log = (m: string): void => console.log(`[ukey-agent] ${m}`);

if (opts.has('help')) {
  console.log(
    `options: --keys <dir> --port <n> --origin <url>... --driver-version <v> | --init <dir> --server <url>`,
  );
  console.log(`faults: ${Object.keys(FAULTS).join(', ')}`);
  process.exit(0);
}

const init = one('init');
if (init) {
  const server = one('server') ?? 'http://127.0.0.1:8080';
  const written = await initKeyFiles({ dir: resolve(init), server, log });
  log(`${written.length} key file(s) in ${resolve(init)}`);
  process.exit(written.length > 0 ? 0 : 1);
}

const port = Number(one('port') ?? process.env.UKEY_AGENT_PORT ?? DEFAULT_AGENT_PORT);
const agent = await startAgent({
  keysDir: resolve(one('keys') ?? 'ukey-keys'),
  port,
  origins: opts.get('origin') ?? ['http://127.0.0.1:8080', 'http://localhost:8080'],
  version: one('driver-version') ?? AGENT_VERSION,
  log,
});
log(`listening on ${agent.url} (keys: ${resolve(one('keys') ?? 'ukey-keys')})`);
const stop = (): void => {
  void agent.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
