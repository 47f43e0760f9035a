// Throughput and latency on the real server over loopback (PERFORMANCE.md: ≥ 3,000 requests/s with p99 < 50 ms
// on 2 cores), driven by autocannon (load generator on the same machine): a light session-checked GET, and
// the requests of a list page (list, detail, transition, 1,000-row export), each with the server's CPU per
// request and the load average. `npx tsx scripts/bench/http.mjs <base url> [--list]` measures a running
// server (SERVER_PID for the CPU figure, LABEL, SECONDS); `npm run bench` imports httpBench() and listBench().
import http from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signedCallHeaders } from '../../src/api/signature.ts';
import { encryptPassword } from '../../server/auth/passwordKey.ts';

function request(agent, base, method, path, { cookie = '', csrf = '', body } = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...signedHeaders(method, path, { cookie, csrf, text }),
    ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/web${path}`, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(text || undefined);
  });
}

/** Headers of a signed call (signature, CSRF token, terminal code), as the portal's request layer sends them. */
export function signedHeaders(method, path, { cookie = '', csrf = '', text = '' }) {
  const [p, q = ''] = path.split('?');
  return {
    ...signedCallHeaders({ method, path: `/api/web${p}`, rawQuery: q, body: text, csrfToken: csrf }),
    ...(cookie ? { cookie } : {}),
  };
}

/**
 * Calls `fn(i)` `warmup` times, then `rounds` times timed; the times sorted. Each answer (an inject
 * response) must be code 0.
 */
export async function timedCalls(fn, { rounds, warmup }) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const res = await fn(i);
    times.push(performance.now() - t0);
    if (res.json().code !== '0') throw new Error(res.body);
  }
  return times.sort((a, b) => a - b);
}

/** Logs a demo user in through the real calls (bootstrap, RSA-encrypted password); returns cookie and token. */
export async function login(base, username, agent = new http.Agent({ keepAlive: true })) {
  const first = await request(agent, base, 'GET', '/login');
  let cookie = first.headers['set-cookie'][0].split(';')[0];
  let csrf = JSON.parse(first.body).data.csrfToken;
  const key = JSON.parse(
    (await request(agent, base, 'GET', '/v1/auth/passwords/public-keys', { cookie, csrf })).body,
  ).data.publicKey;
  const password = encryptPassword(key, 'Demo@2026');
  const res = await request(agent, base, 'POST', '/uaa/login', {
    cookie,
    csrf,
    body: { username, password },
  });
  cookie = res.headers['set-cookie'][0].split(';')[0];
  csrf = JSON.parse(res.body).data.csrfToken;
  return { cookie, csrf };
}

/**
 * CPU milliseconds (user + system) used so far by process `pid` and all its descendants (Linux /proc),
 * ended ones included: a live process's own time plus what its reaped children used (cutime, cstime), so
 * the figure never drops when a PostgreSQL backend exits.
 */
export function treeCpuMs(pid) {
  if (!pid || !existsSync('/proc/self/stat')) return null;
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime(15)
      // cutime(16) cstime(17).
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      stats.set(Number(entry), { ppid: Number(f[1]), ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  let ticks = 0;
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, st] of stats)
      if (!tree.has(p) && tree.has(st.ppid)) {
        tree.add(p);
        grew = true;
      }
  }
  for (const p of tree) ticks += stats.get(p)?.ticks ?? 0;
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

const load1 = () => loadavg()[0].toFixed(2);

/**
 * autocannon against one signed GET of a logged-in session (a GET signature and its nonce are checked on
 * every request, so each request is signed afresh, as the portal does). Every response must equal the first
 * one (else it counts as an error). With `pid`, the server's CPU per request (its process tree's CPU time
 * over the requests served): the figure to compare on a busy machine, where req/s moves with the load.
 * With `fresh`, each request asks for no kept answer ({@link NO_KEPT_ANSWER}): the database's path.
 */
export async function loadRun(
  base,
  session,
  path,
  { seconds = 10, connections = 32, pid, dbPid, fresh = false } = {},
) {
  const headers = signedHeaders('GET', path, session);
  const agent = new http.Agent({ keepAlive: true });
  const first = await new Promise((resolve, reject) =>
    http
      .get(`${base}/api/web${path}`, { headers, agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject),
  );
  agent.destroy();
  if (!first.startsWith('{"code":"0"')) throw new Error(`bench GET ${path} refused: ${first}`);
  let mismatches = 0;
  const requests = [
    {
      method: 'GET',
      path: `/api/web${path}`,
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, ...signedHeaders('GET', path, session), ...(fresh ? NO_KEPT_ANSWER : {}) },
      }),
      onResponse: (status, body) => {
        if (body !== first) mismatches += 1;
      },
    },
  ];
  // Warm-up (JIT, caches), then the measured run.
  await autocannon({ url: base, requests, connections, duration: 2 });
  mismatches = 0;
  const cpu0 = treeCpuMs(pid);
  const db0 = treeCpuMs(dbPid);
  const r = await autocannon({ url: base, requests, connections, duration: seconds });
  const cpu1 = treeCpuMs(pid);
  const db1 = treeCpuMs(dbPid);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx + mismatches,
    cpuMsPerRequest: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / Math.max(1, r.requests.total),
    dbCpuMsPerRequest: db0 === null || db1 === null ? null : (db1 - db0) / Math.max(1, r.requests.total),
    load: load1(),
  };
}

/** Bench rows of one run: req/s with the load average, p50/p99 and CPU per request, errors. */
function runRows(name, r, { target, p99Target = 'p99 < 50', baseline = '', p99Baseline = '' }) {
  return [
    { figure: `${name}: req/s`, value: r.rps.toFixed(0), target, baseline: `${baseline} (load ${r.load})` },
    {
      figure: `${name}: p50 / p99 ms`,
      value: `${r.p50} / ${r.p99}`,
      target: p99Target,
      baseline: p99Baseline,
    },
    ...cpuRow(`${name}: server CPU ms/request`, r.cpuMsPerRequest, 'moves less with load than req/s'),
    ...cpuRow(`${name}: PostgreSQL CPU ms/request`, r.dbCpuMsPerRequest, 'all its backends'),
    { figure: `${name}: errors`, value: String(r.errors), target: '0', baseline: '' },
  ];
}

/** A CPU-per-request row, none when the figure could not be read. */
const cpuRow = (figure, ms, baseline) =>
  ms === null ? [] : [{ figure, value: ms.toFixed(3), target: '', baseline }];

/** The header a list request asks with to be read from the database, not from a kept answer (ADR 0016). */
export const NO_KEPT_ANSWER = { 'cache-control': 'no-cache' };

/** A light session-checked GET through the whole stack: the ceiling a list should approach. Returns bench rows. */
export async function httpBench(
  base,
  {
    seconds = 10,
    connections = 32,
    path = '/corp/v1/sys/messages?status=UNREAD&size=1',
    label = '',
    pid,
    dbPid,
  } = {},
) {
  const session = await login(base, 'core_operator');
  const r = await loadRun(base, session, path, { seconds, connections, pid, dbPid });
  return runRows(`checked GET${label ? ` ${label}` : ''}`, r, {
    target: '≥ 3000',
    baseline: '10,212 quiet',
  });
}

/** What a credit list page sends first (/credit/chain/index/query: page 1 of 10, the default sort). */
export const LIST_PATH = '/biz/v1/models/creditVoucher/records?sort=issueDate,desc&page=1&size=10';

/**
 * Baselines of the list request (quiet 2-core machine, autocannon at 32 connections, shared/PERFORMANCE.md):
 * req/s, p99, the target, and the req/s of the database's path before list answers were kept (ADR 0016;
 * quiet, 2026-11-30), the baseline of the list asked no-cache.
 */
const LIST_BASELINES = {
  embedded: ['493', 'p99 256', 1500, '~650 quiet, 2026-11-30'],
  PostgreSQL: ['1,046', 'p99 100', 3000, '1,125–1,600 quiet, 2026-11-30'],
  '3 instances': ['832', 'p99 211', 3000, ''],
};

/**
 * The requests of a list page under load on a running server (`label`: embedded, PostgreSQL or 3 instances):
 * the list (autocannon), a record's detail (autocannon), a transition (a credit limit frozen and unfrozen in
 * turn, one at a time) and an export of 1,000 rows written to .xlsx at once (one at a time).
 */
export async function listBench(
  base,
  { seconds = 10, connections = 32, label = 'embedded', pid, dbPid } = {},
) {
  const rows = [];
  const [rps, p99, target, freshRps] = LIST_BASELINES[label] ?? ['', '', 3000, ''];
  const chain = await login(base, 'chain_operator');
  const list = await loadRun(base, chain, LIST_PATH, { seconds, connections, pid, dbPid });
  rows.push(...runRows(`list ${label}`, list, { target: `≥ ${target}`, baseline: rps, p99Baseline: p99 }));
  // The same page asked no-cache: no kept answer, the database's path (before 0016 every
  // request took it; the baseline is that figure).
  const fresh = await loadRun(base, chain, LIST_PATH, {
    seconds: Math.max(2, Math.round(seconds / 2)),
    connections,
    pid,
    dbPid,
    fresh: true,
  });
  rows.push(...runRows(`list ${label}, no-cache (the database)`, fresh, { target: '', baseline: freshRps }));

  const agent = new http.Agent({ keepAlive: true });
  const page = JSON.parse((await request(agent, base, 'GET', LIST_PATH, chain)).body).data.list;
  const detail = await loadRun(base, chain, `/biz/v1/models/creditVoucher/records/${page[0].id}`, {
    seconds: Math.max(2, Math.round(seconds / 2)),
    connections,
    pid,
    dbPid,
  });
  rows.push(...runRows(`detail ${label}`, detail, { target: '≥ 3000' }));

  // One at a time: a transition changes the record's version, so two at once would refuse each other.
  const manager = await login(base, 'fin_product_manager', agent);
  const limits = JSON.parse(
    (await request(agent, base, 'GET', '/biz/v1/models/creditLimit/records?status=LM1&size=1', manager)).body,
  ).data.list;
  let { id, version } = limits[0];
  let n = 0;
  const transitions = await sequential(40, async () => {
    const res = await request(
      agent,
      base,
      'POST',
      `/biz/v1/models/creditLimit/records/${id}/actions/${n++ % 2 ? 'unfreeze' : 'freeze'}`,
      { ...manager, body: { version, reason: '额度检查' } },
    );
    const body = JSON.parse(res.body);
    if (body.code !== '0') throw new Error(`transition refused: ${res.body}`);
    version = body.data.version;
  });
  rows.push(timedRow(`transition ${label} (limit freeze)`, transitions, '≤ 10 ms'));

  // 1,000 rows of the renderer demo's list (test-mode endpoint), exported at once as the page does.
  const core = await login(base, 'core_operator', agent);
  const added = await request(agent, base, 'POST', '/test/demo-applications', {
    body: { username: 'core_operator', title: 'bench', count: 1000, state: 'DA2' },
  });
  if (!added.body.startsWith('{"code":"0"')) throw new Error(`demo rows refused: ${added.body}`);
  const exportBody = {
    params: { title: 'bench' },
    columns: [
      { field: 'applicationNo', title: '申请编号' },
      { field: 'title', title: '标题' },
      { field: 'amount', title: '金额' },
    ],
    title: '导出',
  };
  const exports = await sequential(5, async () => {
    const res = await request(agent, base, 'POST', '/biz/v1/models/demoApplication/exports', {
      ...core,
      body: exportBody,
    });
    const job = JSON.parse(res.body).data;
    if (job?.status !== 'done' || job.total < 1000) throw new Error(`export not done at once: ${res.body}`);
  });
  rows.push(timedRow(`export ${label} (1,000 rows .xlsx)`, exports, ''));
  agent.destroy();
  return rows;
}

/** Runs `fn` n times one after another (after one warm-up); latencies sorted, with the load average. */
async function sequential(n, fn) {
  await fn(-1);
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), load: load1() };
}

function timedRow(figure, { times, load }, target) {
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(1);
  return {
    figure: `${figure}: p50 / p95 ms`,
    value: `${at(50)} / ${at(95)}`,
    target,
    baseline: `load ${load}`,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8080';
  const seconds = Number(process.env.SECONDS ?? 10);
  const pid = process.env.SERVER_PID ? Number(process.env.SERVER_PID) : undefined;
  const dbPid = process.env.PG_PID ? Number(process.env.PG_PID) : undefined;
  const rows = process.argv.includes('--list')
    ? await listBench(base, { seconds, pid, dbPid, label: process.env.LABEL ?? 'embedded' })
    : await httpBench(base, { seconds, pid, dbPid });
  for (const r of rows)
    console.log(`${r.figure.padEnd(52)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.baseline}`);
  process.exit(0);
}
