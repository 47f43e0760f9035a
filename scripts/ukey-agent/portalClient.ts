import { encryptPassword } from '../../server/auth/passwordKey';
import { signedCallHeaders } from '../../src/api/signature';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/**
 * A minimal client of the portal's API for command-line tools: a session cookie, the CSRF token, the
 * request signature (x-vrandom) and the RSA-OAEP encrypted password of the login page.
 */
export class PortalClient {
  private cookie = '';
  private csrf = '';

  /** `now` signs requests with another clock (a test server's). */
  constructor(
    private readonly origin: string,
    private readonly now: () => number = Date.now,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const [pathname = '', rawQuery = ''] = path.split('?');
    const url = `/api/web${pathname}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      ...signedCallHeaders({
        method,
        path: url,
        rawQuery,
        body: text,
        csrfToken: this.csrf,
        timestamp: this.now(),
      }),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(text ? { 'Content-Type': 'application/json;charset=UTF-8' } : {}),
    };
    const res = await fetch(`${this.origin}${url}${rawQuery ? `?${rawQuery}` : ''}`, {
      method,
      headers,
      ...(text ? { body: text } : {}),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('SCF_SESSION='));
    if (session) this.cookie = session.split(';')[0]!;
    const envelope = (await res.json()) as Envelope<T>;
    if (res.status !== 200 || envelope.code !== '0')
      throw new Error(`${method} ${path}: ${res.status} ${envelope.code} ${envelope.message}`);
    return envelope.data;
  }

  async login(username: string, password: string): Promise<void> {
    this.csrf = (await this.call<{ csrfToken: string }>('GET', '/login')).csrfToken;
    const { publicKey } = await this.call<{ publicKey: string }>('GET', '/v1/auth/passwords/public-keys');
    const encrypted = encryptPassword(publicKey, password);
    this.csrf = (
      await this.call<{ csrfToken: string }>('POST', '/uaa/login', { username, password: encrypted })
    ).csrfToken;
  }

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }
}
