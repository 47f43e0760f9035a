import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBytes } from '../../server/ukey/algorithms';
import { KIT_ERRORS } from '../../src/ukey/kitErrors';
import { parseFaults, readFaultFile, type FaultName, type FaultSet } from './faults';
import { scanKeys, type InsertedKey } from './keyFiles';

/** Version the emulated driver reports (above the platform's default minimum 2.3.0). */
export const AGENT_VERSION = '3.1.0';
export const DEFAULT_AGENT_PORT = 18180;
const MAX_BODY = 1024 * 1024;

export interface AgentOptions {
  keysDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Portal origins allowed to call (CORS and Origin check), e.g. http://127.0.0.1:8080. */
  origins: string[];
  version?: string;
  log?: (message: string) => void;
}

export interface RunningAgent {
  url: string;
  port: number;
  /** Faults set through the control endpoint (the fault file adds to them). */
  faults: FaultSet;
  close(): Promise<void>;
}

class KitFailure extends Error {
  constructor(readonly code: string) {
    super(KIT_ERRORS[code]?.name ?? code);
  }
}

type Json = Record<string, unknown>;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const failure = (code: string, message?: string): Json => ({
  ok: false,
  error: { code, message: message ?? KIT_ERRORS[code]?.text ?? code },
});

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new KitFailure('0x80090004'); // NTE_BAD_LEN: data too large
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The print number another bank would have (issuer-mismatch fault). */
function otherBankPrefix(printNumber: string): string {
  return printNumber.startsWith('105') ? `102${printNumber.slice(3)}` : `105${printNumber.slice(3)}`;
}

/**
 * The reference signing agent (docs/decisions: UKEY agent protocol): emulates hardware keys from key
 * files on loopback HTTP for the portal's agent driver, with fault injection for tests.
 */
export async function startAgent(options: AgentOptions): Promise<RunningAgent> {
  const log = options.log ?? (() => undefined);
  const origins = new Set(options.origins);
  const state: { faults: FaultSet } = { faults: {} };

  const activeFaults = (): FaultSet => ({ ...readFaultFile(options.keysDir, log), ...state.faults });
  const fault = (faults: FaultSet, name: FaultName): void => {
    const code = faults[name];
    if (name in faults && code) throw new KitFailure(code);
  };

  function findKey(keys: InsertedKey[], keyId: unknown): InsertedKey {
    const key = keys.find((k) => k.key.serialNumber === keyId);
    if (!key) throw new KitFailure('0x80100069'); // SCARD_W_REMOVED_CARD: pulled out mid-flow
    return key;
  }

  function operate(op: string, body: Json): Json {
    const faults = activeFaults();
    const keys = scanKeys(options.keysDir, log);
    switch (op) {
      case 'version':
        return {
          version: 'driver-too-old' in faults ? '1.0.0' : (options.version ?? AGENT_VERSION),
          vendor: 'SCF reference agent',
        };
      case 'keys': {
        if ('no-key' in faults) return { keys: [] };
        const list = keys.map((k) => ({ keyId: k.key.serialNumber, label: k.key.holder ?? '' }));
        if ('two-keys' in faults) list.push({ keyId: `PHANTOM-${list.length + 1}`, label: '' });
        return { keys: list };
      }
      case 'print-number': {
        const key = findKey(keys, body.keyId);
        fault(faults, 'print-number');
        let printNumber = key.key.printNumber;
        if ('issuer-mismatch' in faults) printNumber = otherBankPrefix(printNumber);
        if ('unknown-issuer' in faults) printNumber = `999${printNumber.slice(3)}`;
        return { printNumber };
      }
      case 'select-certificate': {
        const key = findKey(keys, body.keyId);
        fault(faults, 'select-cert');
        return { certificate: key.certificateDer };
      }
      case 'serial-number':
        fault(faults, 'serial');
        return { serialNumber: findKey(keys, body.keyId).key.serialNumber };
      case 'algorithm':
        fault(faults, 'algorithm');
        return { algorithm: findKey(keys, body.keyId).key.algorithm };
      case 'issuer-dn':
        fault(faults, 'issuer-dn');
        return { issuerDN: findKey(keys, body.keyId).cert.issuerDN };
      case 'subject-dn':
        fault(faults, 'subject-dn');
        return { subjectDN: findKey(keys, body.keyId).cert.subjectDN };
      case 'sign': {
        const key = findKey(keys, body.keyId);
        fault(faults, 'sign');
        if (body.algorithm !== key.key.algorithm) throw new KitFailure('0x80090008'); // NTE_BAD_ALGID
        if (typeof body.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.data))
          throw new KitFailure('0x80090005'); // NTE_BAD_DATA
        return { signature: signBytes(key.pair, Buffer.from(body.data, 'base64')) };
      }
      default:
        throw new KitFailure('0x80090029'); // NTE_NOT_SUPPORTED
    }
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    // Only local tools (curl, tests) may steer the agent: a browser always sends Origin on such calls.
    if (req.headers.origin !== undefined)
      return send(res, 403, failure('0x80070005', 'control is not for browsers'));
    if (path === '/control/status' && req.method === 'GET') {
      return send(res, 200, {
        ok: true,
        data: { keys: scanKeys(options.keysDir).map((k) => k.key.serialNumber), faults: activeFaults() },
      });
    }
    if (path !== '/control/faults') return send(res, 404, failure('0x80090029'));
    if (req.method === 'GET') return send(res, 200, { ok: true, data: { faults: activeFaults() } });
    if (req.method === 'DELETE') {
      state.faults = {};
      return send(res, 200, { ok: true, data: { faults: activeFaults() } });
    }
    if (req.method === 'PUT' || req.method === 'POST') {
      try {
        state.faults = parseFaults((JSON.parse(await readBody(req)) as { faults?: unknown }).faults ?? []);
      } catch (e) {
        return send(res, 400, failure('0x80070057', (e as Error).message));
      }
      log(`faults: ${Object.keys(state.faults).join(', ') || 'none'}`);
      return send(res, 200, { ok: true, data: { faults: activeFaults() } });
    }
    return send(res, 405, failure('0x80090029'));
  }

  async function handle(req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
    // DNS-rebinding guard: only loopback host names reach the keys.
    const host = req.headers.host ?? '';
    if (!new RegExp(`^(127\\.0\\.0\\.1|localhost|\\[::1\\]):${port}$`).test(host)) {
      return send(res, 403, failure('0x80070005', 'host not allowed'));
    }
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/control/')) return handleControl(req, res, path);
    const m = /^\/ukey\/v1\/([a-z-]+)$/.exec(path);
    if (!m) return send(res, 404, failure('0x80090029', 'no such operation'));
    const origin = req.headers.origin;
    if (!origin || !origins.has(origin)) return send(res, 403, failure('0x80070005', 'origin not allowed'));
    const cors: Record<string, string> = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
        // Chromium's Private Network Access asks before a public page may call loopback.
        ...(req.headers['access-control-request-private-network'] === 'true'
          ? { 'Access-Control-Allow-Private-Network': 'true' }
          : {}),
      });
      return void res.end();
    }
    if (req.method !== 'POST') return send(res, 405, failure('0x80090029'), cors);
    // JSON only: a cross-site "simple" request (form, text/plain) cannot reach an operation without preflight.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return send(res, 415, failure('0x80070057', 'Content-Type must be application/json'), cors);
    }
    try {
      const text = await readBody(req);
      const body = (text ? JSON.parse(text) : {}) as Json;
      const data = operate(m[1]!, body && typeof body === 'object' ? body : {});
      log(`${m[1]} ok`);
      return send(res, 200, { ok: true, data }, cors);
    } catch (e) {
      const code = e instanceof KitFailure ? e.code : e instanceof SyntaxError ? '0x80070057' : '0x80004005';
      log(`${m[1]} failed ${code}`);
      return send(res, 200, failure(code), cors);
    }
  }

  const server = createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    handle(req, res, port).catch(() => send(res, 500, failure('0x80004005')));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get faults() {
      return state.faults;
    },
    set faults(f: FaultSet) {
      state.faults = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
