import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from './errors';

/**
 * The one input boundary every request crosses before a handler sees it: JSON bodies parsed
 * without prototype keys and within structural limits, and every string of the body, the query and the
 * path free of NUL characters and lone UTF-16 surrogates (PostgreSQL refuses both, and a JSON column
 * would store a string no client can read back). Per-field limits (maxLength, maxItems, formats) are the
 * models' own; these are the ceilings no field may exceed.
 */
export const INPUT_LIMITS = {
  /** Bytes of a JSON body of a logged-in user (uploads are multipart and have their own limit). */
  jsonBytes: 2 * 1024 * 1024,
  /**
   * Bytes of any body from a caller who is not logged in (login, registration, SMS codes, public links: all
   * far smaller); checked before a byte is parsed, so strangers cannot make the server parse megabytes.
   */
  anonymousBytes: 16 * 1024,
  /** Nesting of objects and arrays. */
  depth: 16,
  /** Keys of one object: far above any model's field count, far below a flooding payload. */
  keysPerObject: 500,
  /** Items of one array. */
  arrayItems: 5000,
  /** Characters of one string (a model field's maxLength is usually much smaller). */
  stringLength: 100_000,
  /** Values of the whole body. */
  totalValues: 50_000,
} as const;

/** True when a string can be stored and read back: no NUL, no lone surrogate. */
export function isCleanText(s: string): boolean {
  // String.prototype.isWellFormed (Node 20) is ES2024, past this project's TypeScript lib.
  return !s.includes('\u0000') && (s as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * Walks a parsed JSON value once (iteratively: no stack overflow however deep) and refuses it with a coded
 * error when it breaks a limit or holds an unclean string (keys included).
 */
export function checkJsonValue(root: unknown, limits = INPUT_LIMITS): void {
  const stack: Array<[unknown, number]> = [[root, 0]];
  let count = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (++count > limits.totalValues) throw new ApiError('BODY_TOO_COMPLEX');
    if (typeof value === 'string') {
      if (value.length > limits.stringLength) throw new ApiError('BODY_TOO_COMPLEX');
      if (!isCleanText(value)) throw new ApiError('TEXT_INVALID');
    } else if (value !== null && typeof value === 'object') {
      if (depth >= limits.depth) throw new ApiError('BODY_TOO_COMPLEX');
      if (Array.isArray(value)) {
        if (value.length > limits.arrayItems) throw new ApiError('BODY_TOO_COMPLEX');
        for (const item of value) stack.push([item, depth + 1]);
      } else {
        const keys = Object.keys(value);
        if (keys.length > limits.keysPerObject) throw new ApiError('BODY_TOO_COMPLEX');
        for (const key of keys) {
          if (!isCleanText(key)) throw new ApiError('TEXT_INVALID');
          stack.push([(value as Record<string, unknown>)[key], depth + 1]);
        }
      }
    }
  }
}

/** Parses a JSON body: `__proto__` or `constructor.prototype` keys are refused, not merged into prototypes. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new ApiError('BODY_INVALID');
  }
  checkJsonValue(value);
  return value;
}

function checkStrings(values: unknown): void {
  if (!values || typeof values !== 'object') return;
  for (const [key, value] of Object.entries(values)) {
    if (!isCleanText(key)) throw new ApiError('TEXT_INVALID');
    for (const v of Array.isArray(value) ? value : [value])
      if (typeof v === 'string' && !isCleanText(v)) throw new ApiError('TEXT_INVALID');
  }
}

/** Query and path parameters: the same string rules as bodies (`?issueNo=a%00b`, `/records/a%00b`). */
export function checkRequestStrings(req: FastifyRequest): void {
  checkStrings(req.query);
  checkStrings(req.params);
}

/** Content types whose parser reads the body stream (JSON: ours; text: Fastify's default). */
const STREAMED_TYPES = new Set(['application/json', 'text/plain']);
const OPEN = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Passes a body through while counting its bytes and, for JSON, the nesting of its arrays and objects
 * outside strings: the body is refused (BODY_TOO_COMPLEX) at the first byte past either limit, long
 * before it would be parsed.
 */
export class BodyBudget extends Transform {
  private bytes = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly maxBytes: number,
    private readonly json: boolean,
    private readonly maxDepth: number = INPUT_LIMITS.depth,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new ApiError('BODY_TOO_COMPLEX'));
    if (this.json && !this.scan(chunk)) return callback(new ApiError('BODY_TOO_COMPLEX'));
    callback(null, chunk);
  }

  /** False once the nesting is deeper than allowed. UTF-8 continuation bytes never look like ASCII. */
  private scan(chunk: Buffer): boolean {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) this.inString = true;
      else if (c === OPEN || c === OPEN_OBJECT) {
        if (++this.depth > this.maxDepth) return false;
      } else if (c === CLOSE || c === CLOSE_OBJECT) this.depth--;
    }
    return true;
  }
}

/**
 * The body budget of a request, decided after routing and the session lookup (onRequest) and before the
 * body is read: no body for an unknown URL (answered 404 at once), {@link INPUT_LIMITS.anonymousBytes} for
 * a caller who is not logged in, {@link INPUT_LIMITS.jsonBytes} for a user; JSON nesting checked as it
 * streams. Bodies of other types (multipart uploads) are read by their routes, which need a user; a
 * stranger may send them only with a small declared length.
 */
function budgetBody(req: FastifyRequest, payload: NodeJS.ReadableStream): NodeJS.ReadableStream {
  const declared = req.headers['content-length'];
  if ((declared === undefined || declared === '0') && req.headers['transfer-encoding'] === undefined)
    return payload;
  if (req.is404) throw new ApiError('NOT_FOUND');
  const maxBytes = req.user ? INPUT_LIMITS.jsonBytes : INPUT_LIMITS.anonymousBytes;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!STREAMED_TYPES.has(type)) {
    if (!req.user && !(Number(declared) <= maxBytes)) throw new ApiError('BODY_TOO_COMPLEX');
    return payload;
  }
  if (Number(declared) > maxBytes) throw new ApiError('BODY_TOO_COMPLEX');
  return payload.pipe(new BodyBudget(maxBytes, type === 'application/json'));
}

/**
 * Installs the body budget, the JSON parser and the string check on an app (root level: every route gets
 * them).
 */
export function registerInputBoundary(app: FastifyInstance): void {
  app.addHook('preParsing', async (req, _reply, payload) => budgetBody(req, payload));
  app.removeContentTypeParser('application/json');
  // JSON bodies are kept verbatim too: the request signature covers the exact bytes sent.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: INPUT_LIMITS.jsonBytes },
    (req, body, done) => {
      const text = String(body);
      req.rawBody = text;
      try {
        done(null, parseJsonBody(text));
      } catch (e) {
        done(e as Error, undefined);
      }
    },
  );
  app.addHook('preValidation', async (req) => checkRequestStrings(req));
}

/** PostgreSQL SQLSTATE classes a request can cause with bad data or contention, as catalogue codes. */
export function databaseErrorCode(
  error: unknown,
): 'DATA_INVALID' | 'DATA_CONFLICT' | 'BUSY' | 'DB_UNAVAILABLE' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const cls = code.slice(0, 2);
  if (cls === '22') return 'DATA_INVALID'; // data exception: out of range, bad encoding, invalid datetime
  if (cls === '23') return 'DATA_CONFLICT'; // integrity constraint: unique, foreign key, not null, check
  if (cls === '40' || code === '55P03') return 'BUSY'; // serialization failure, deadlock, lock not available
  if (cls === '08' || cls === '53' || cls === '57' || cls === '58') return 'DB_UNAVAILABLE';
  return null;
}
