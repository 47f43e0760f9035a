// The embedded database's own thread (server/db/pgliteThread.ts): PGlite runs every statement synchronously
// on the thread that calls it, so on the server's thread each query stopped request parsing for everyone.
// Plain JavaScript: a worker does not inherit the TypeScript loader the server runs under.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { statementRunner } from './pgliteStatements.mjs';

const { dataDir, loadDataDir } = workerData;
const pg = new PGlite({
  ...(dataDir ? { dataDir } : {}),
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});
const run = statementRunner(pg);

/** An error as data: the message and PostgreSQL's fields (code, constraint, detail ...) callers look at. */
function errorData(e) {
  const data = { message: e instanceof Error ? e.message : String(e), name: e?.name ?? 'Error' };
  if (e && typeof e === 'object')
    for (const [k, v] of Object.entries(e)) if (v === undefined || typeof v !== 'function') data[k] = v;
  return data;
}

const ops = {
  async query({ sql, params }) {
    return run(sql, params);
  },
  async exec({ sql }) {
    await pg.exec(sql);
    return null;
  },
  async begin() {
    await pg.exec('BEGIN');
    return null;
  },
  async rollback() {
    await pg.exec('ROLLBACK');
    return null;
  },
  // As PGlite's own transaction(): a COMMIT that PostgreSQL answers with ROLLBACK (a statement of the
  // transaction failed and the caller went on) is an error, not a success.
  async commit() {
    const [result] = await pg.exec('COMMIT');
    if (result?.command === 'ROLLBACK')
      throw Object.assign(new Error('Transaction was rolled back instead of committed'), {
        severity: 'ERROR',
        code: '25P02',
      });
    return null;
  },
  async listen({ channel }) {
    await pg.listen(channel, (payload) => parentPort.postMessage({ notify: channel, payload }));
    return null;
  },
  async unlisten({ channel }) {
    await pg.unlisten(channel);
    return null;
  },
  async dump() {
    const blob = await pg.dumpDataDir('gzip');
    return { bytes: await blob.arrayBuffer(), type: blob.type };
  },
  async close() {
    await pg.close();
    return null;
  },
};

// One message at a time, in the order they came. The server's thread sends every statement at once, so this
// thread always has the next one waiting (server/db/pgliteThread.ts); a transaction holds the database from
// its `begin` to its `commit` or `rollback`: a message of no transaction or of another one that comes
// meanwhile waits, in order, until it ends, so no statement lands inside another caller's transaction.
let chain = pg.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (e) => parentPort.postMessage({ ready: false, error: errorData(e) }),
);
/** The transaction holding the database (its `tx` number), and the messages waiting for it to end. */
let holder = null;
let waiting = [];

function accept(msg) {
  if (holder !== null && msg.tx !== holder) {
    waiting.push(msg);
    return;
  }
  if (msg.op === 'begin') holder = msg.tx;
  chain = chain.then(async () => {
    try {
      const result = await ops[msg.op](msg);
      const transfer = result?.bytes ? [result.bytes] : [];
      parentPort.postMessage({ id: msg.id, ok: true, result }, transfer);
    } catch (e) {
      parentPort.postMessage({ id: msg.id, ok: false, error: errorData(e) });
    }
  });
  if ((msg.op === 'commit' || msg.op === 'rollback') && msg.tx === holder) {
    holder = null;
    const released = waiting;
    waiting = [];
    for (const m of released) accept(m);
  }
}
parentPort.on('message', accept);
