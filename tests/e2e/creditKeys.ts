import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPassword } from '../../server/auth/passwordKey';
import { signedCallHeaders } from '../../src/api/signature';
import { stopProcess, untilAnswers } from './fixtures';

/**
 * UKEYs for the credit lifecycle e2e: the reference signing agent (scripts/ukey-agent) with the demo keys
 * its `--init` writes, plus a key for the finance institution, which the demo world does not have: it is
 * registered as an RSA soft key of fin_client_manager through the server's soft-key API (the public half
 * certified by the test CA and bound to the institution) and handed to the agent as a key file. A key is
 * "inserted" by moving its file into the agent's folder; exactly one is inserted at a time.
 */
export class CreditKeys {
  private agent: ChildProcess | null = null;
  private readonly root = mkdtempSync(join(tmpdir(), 'credit-e2e-keys-'));
  private readonly inserted = join(this.root, 'inserted');
  private readonly drawer = join(this.root, 'drawer');

  /** `origin`: the portal under test; `port`: the agent's loopback port. */
  constructor(
    private readonly origin: string,
    readonly port: number,
  ) {
    mkdirSync(this.inserted);
  }

  /** The agent's address, for the portal's localStorage `ukeyAgentUrl`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Writes the demo key files and the institution's key, then starts the agent. */
  async start(): Promise<void> {
    const init = spawnSync(process.execPath, tsx('--init', this.drawer, '--server', this.origin), {
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (init.status !== 0) throw new Error(`ukey-agent --init failed: ${init.stdout}${init.stderr}`);
    await this.registerFinanceKey();
    this.agent = spawn(
      process.execPath,
      tsx('--keys', this.inserted, '--port', String(this.port), '--origin', this.origin),
      { stdio: 'ignore' },
    );
    await untilAnswers(`${this.url}/control/status`);
  }

  /** Leaves only the key file `label` in the agent's folder. */
  insertOnly(label: string): void {
    for (const f of readdirSync(this.inserted)) renameSync(join(this.inserted, f), join(this.drawer, f));
    renameSync(join(this.drawer, `${label}.ukey.json`), join(this.inserted, `${label}.ukey.json`));
  }

  /** Stops the agent (resolving when its port is free) and removes its key folders. */
  async stop(): Promise<void> {
    const running = this.agent;
    this.agent = null;
    await stopProcess(running);
    rmSync(this.root, { recursive: true, force: true });
  }

  /** fin_client_manager registers an RSA soft key; its private half becomes the key file `fin-soft`. */
  private async registerFinanceKey(): Promise<void> {
    const client = new ApiClient(this.origin);
    await client.login('fin_client_manager', 'Demo@2026');
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const original = await client.call<string>('GET', '/v1/auth/cas/add/info/original', 'purpose=soft-key');
    const proof = sign('sha1', Buffer.from(original, 'utf8'), pair.privateKey).toString('base64');
    const spki = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const key = await client.call<{ ukeyNo: string; printNumber: string; certificate: string }>(
      'POST',
      '/v1/auth/ukey/soft-keys',
      '',
      { algorithm: 'RSA', publicKey: spki, original, proof },
    );
    const pem = (der: string): string =>
      `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
    const file = {
      format: 'scf-ukey-emulator/1',
      serialNumber: key.ukeyNo,
      printNumber: key.printNumber,
      bank: 'SCF',
      algorithm: 'RSA',
      holder: '蒋文博',
      privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      certificate: pem(key.certificate),
    };
    writeFileSync(join(this.drawer, 'fin-soft.ukey.json'), `${JSON.stringify(file, null, 2)}\n`, {
      mode: 0o600,
    });
  }
}

const tsx = (...args: string[]): string[] => ['--import', 'tsx', 'scripts/ukey-agent/main.ts', ...args];

/** The portal's API from Node: session cookie, CSRF token, x-vrandom signature, encrypted password. */
class ApiClient {
  private cookie = '';
  private csrf = '';

  constructor(private readonly origin: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, rawQuery = '', body?: unknown): Promise<T> {
    const url = `/api/web${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${this.origin}${url}${rawQuery ? `?${rawQuery}` : ''}`, {
      method,
      headers: {
        ...signedCallHeaders({ method, path: url, rawQuery, body: text, csrfToken: this.csrf }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(text ? { 'Content-Type': 'application/json;charset=UTF-8' } : {}),
      },
      ...(text ? { body: text } : {}),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('SCF_SESSION='));
    if (session) this.cookie = session.split(';')[0]!;
    const answer = (await res.json()) as { code: string; message: string; data: T };
    if (res.status !== 200 || answer.code !== '0')
      throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
    return answer.data;
  }

  async login(username: string, password: string): Promise<void> {
    this.csrf = (await this.call<{ csrfToken: string }>('GET', '/login')).csrfToken;
    const { publicKey } = await this.call<{ publicKey: string }>('GET', '/v1/auth/passwords/public-keys');
    this.csrf = (
      await this.call<{ csrfToken: string }>('POST', '/uaa/login', '', {
        username,
        password: encryptPassword(publicKey, password),
      })
    ).csrfToken;
  }
}
