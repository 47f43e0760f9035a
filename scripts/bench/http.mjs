// Throughput and latency of a session-checked GET on the real server over loopback (PERFORMANCE.md:
// ≥ 3,000 requests/s with p99 < 50 ms on 2 cores), driven by autocannon (load generator on the same machine).
// `npx tsx scripts/bench/http.mjs <base url>` measures a running server; `npm run bench` imports httpBench().
import http from 'node:http';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signRequest } from '../../src/api/signature.ts';

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
    'x-vrandom': signRequest({ method, path: `/api/web${p}`, rawQuery: q, body: text, csrfToken: csrf }),
    'x-csrf-token': csrf,
    'x-ccbscf-terminal-code': 'CORP_WEB_PC',
    ...(cookie ? { cookie } : {}),
  };
}

/** Logs a demo user in through the real calls (bootstrap, RSA-encrypted password); returns cookie and token. */
export async function login(base, username, agent = new http.Agent({ keepAlive: true })) {
  const first = await request(agent, base, 'GET', '/login');
  let cookie = first.headers['set-cookie'][0].split(';')[0];
  let csrf = JSON.parse(first.body).data.csrfToken;
  const key = JSON.parse(
    (await request(agent, base, 'GET', '/v1/auth/passwords/public-keys', { cookie, csrf })).body,
  ).data.publicKey;
  const password = publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from('Demo@2026'),
  ).toString('base64');
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
 * autocannon against one signed GET of a logged-in user (a GET signature and its nonce are checked on every
 * request, so each request is signed afresh). Every response must equal the first one (else it counts as an error). Returns bench rows.
 */
export async function httpBench(
  base,
  {
    seconds = 10,
    connections = 32,
    path = '/corp/v1/sys/messages?messageState=UNREAD&size=1',
    label = '',
  } = {},
) {
  const session = await login(base, 'core_operator');
  const headers = signedHeaders('GET', path, { ...session });
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
  if (!first.startsWith('{"code":"0"')) throw new Error(`bench GET refused: ${first}`);
  // Warm-up (JIT, caches), then the measured run.
  // Every GET of a session is checked for replay (ADR 0001): each request gets its own signature, made
  // by the load generator as the portal would.
  const requests = [
    {
      method: 'GET',
      path: `/api/web${path}`,
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, ...signedHeaders('GET', path, session) },
      }),
      onResponse: (status, body) => {
        if (body !== first) mismatches += 1;
      },
    },
  ];
  let mismatches = 0;
  await autocannon({ url: base, requests, connections, duration: 2 });
  mismatches = 0;
  const r = await autocannon({ url: base, requests, connections, duration: seconds });
  const errors = r.errors + r.timeouts + r.non2xx + mismatches;
  const tag = label ? ` ${label}` : '';
  return [
    {
      figure: `checked GET${tag}: req/s (${connections} conns)`,
      value: r.requests.average.toFixed(0),
      target: '≥ 3000',
      baseline: '1,059 (PERFORMANCE.md)',
    },
    {
      figure: `checked GET${tag}: p50 / p99 ms`,
      value: `${r.latency.p50} / ${r.latency.p99}`,
      target: 'p99 < 50',
      baseline: 'p99 81.5',
    },
    { figure: `checked GET${tag}: errors`, value: String(errors), target: '0', baseline: '' },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8080';
  for (const r of await httpBench(base, { seconds: Number(process.env.SECONDS ?? 10) }))
    console.log(`${r.figure.padEnd(40)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.baseline}`);
  process.exit(0);
}
