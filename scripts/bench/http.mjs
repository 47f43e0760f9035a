// Throughput and latency of a session-checked GET on the real server over loopback (PERFORMANCE.md:
// ≥ 3,000 requests/s with p99 < 50 ms on 2 cores). Bounded in time and count; loopback only.
import http from 'node:http';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { signRequest } from '../../src/api/signature.ts';

function request(agent, base, method, path, { cookie = '', csrf = '', body } = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const [p, q = ''] = path.split('?');
  const headers = {
    'x-vrandom': signRequest({ method, path: `/api/web${p}`, rawQuery: q, body: text, csrfToken: csrf }),
    'x-csrf-token': csrf,
    'x-ccbscf-terminal-code': 'CORP_WEB_PC',
    ...(cookie ? { cookie } : {}),
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

async function login(agent, base, username) {
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

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `connections` parallel keep-alive loops for `seconds` against one GET; returns rows for the bench table. */
export async function httpBench(
  base,
  { seconds = 8, connections = 32, path = '/corp/v1/sys/messages?messageState=UNREAD&size=1' } = {},
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const session = await login(agent, base, 'core_operator');
  // Warm up.
  for (let i = 0; i < 200; i++) await request(agent, base, 'GET', path, session);
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end && latencies.length < 500_000) {
        const t = performance.now();
        const res = await request(agent, base, 'GET', path, session);
        latencies.push(performance.now() - t);
        if (res.status !== 200 || !res.body.startsWith('{"code":"0"')) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / elapsed;
  return [
    {
      figure: `session-checked GET: requests/s (${connections} conns)`,
      value: rps.toFixed(0),
      target: '≥ 3000',
      baseline: '',
    },
    {
      figure: 'session-checked GET: p50 / p99 ms',
      value: `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)}`,
      target: 'p99 < 50',
      baseline: '',
    },
    { figure: 'session-checked GET: errors', value: String(errors), target: '0', baseline: '' },
  ];
}
