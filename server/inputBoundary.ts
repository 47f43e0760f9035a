import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from './errors';

/**
 * The one input boundary every request crosses before a handler sees it (issue 16): JSON bodies parsed
 * without prototype keys and within structural limits, and every string of the body, the query and the
 * path free of NUL characters and lone UTF-16 surrogates (PostgreSQL refuses both, and a JSON column
 * would store a string no client can read back). Per-field limits (maxLength, maxItems, formats) are the
 * models' own; these are the ceilings no field may exceed.
 */
export const INPUT_LIMITS = {
  /** Bytes of a JSON body (uploads are multipart and have their own limit). */
  jsonBytes: 2 * 1024 * 1024,
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

/** Installs the JSON parser and the string check on an app (root level: every route gets them). */
export function registerInputBoundary(app: FastifyInstance): void {
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
