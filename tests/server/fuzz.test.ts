import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_CODE } from '@/api/constants';
import { signRequest, signUpload } from '@/api/signature';
import { INPUT_LIMITS } from '@server/inputBoundary';
import type { FieldDef, ModelDef } from '@server/models/types';
import { testSeed } from '../seed';
import { type Browser, clock } from './helpers';
import { bigWorkbook, zip } from './importBomb';
import { API, as, type ModelsTestServer, modelsServer } from './modelsHelpers';
import { readSchemaDirectory } from '@renderer/core/node';

/**
 * Property-based fuzzing of the models API: requests generated from the model definitions —
 * bodies with wrong, hostile and nearly-right values, queries of raw bytes, ids, versions, multipart
 * uploads — against every endpoint of every model, and hostile requests among them (bodies nested far
 * past the input boundary's depth, bodies past a session's byte budget, prototype-pollution keys at any
 * depth, JSON under wrong content types) and, a few times per run, an .xlsx zip bomb to an import
 * endpoint. Each answer must be a coded answer below 500, a refused request must have written nothing
 * (row counts and versions of every business table unchanged), and no key reaches Object.prototype.
 * FUZZ_RUNS sets the number of requests (default 10,000, the CI figure).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

const MODELS: ModelDef[] = Object.values(
  readSchemaDirectory(join(process.cwd(), 'schemas')).models ?? {},
).map((m) => m as unknown as ModelDef);

/** A demo user holding each role (server/seed/demo.ts). */
const USER_OF_ROLE: Record<string, string> = {
  ROLE_CORE_OPERATOR: 'core_operator',
  ROLE_CORE_DIRECTOR: 'core_director',
  ROLE_CORE_QUERY: 'core_query',
  ROLE_CORE_FINAL: 'core_final',
  ROLE_CORE_PURCHASE: 'core_purchase',
  ROLE_CORP_OPERATOR: 'chain_operator',
  ROLE_CORP_DIRECTOR: 'chain_director',
  ROLE_CORP_QUERY: 'chain_query',
  ROLE_UNIT_OPERATOR: 'unit_operator',
  ROLE_UNIT_DIRECTOR: 'unit_director',
  ROLE_FIN_CLIENT_MANAGER: 'fin_client_manager',
  ROLE_FIN_PRODUCT_MANAGER: 'fin_product_manager',
};

let s: ModelsTestServer;
const browsers = new Map<string, Browser>();
/** Record ids (and versions) each model's acting users can see, to aim at real records too. */
const ids = new Map<string, Array<{ id: string; version: number }>>();

async function browserFor(role: string): Promise<Browser> {
  const user = USER_OF_ROLE[role] ?? 'core_operator';
  let b = browsers.get(user);
  if (!b) {
    b = await as(s.app, user, role);
    browsers.set(user, b);
  }
  return b;
}

/**
 * Committed writes to business tables, audit and files, counted by statement triggers installed for the
 * test: a refused request's transaction rolls its count back with everything else.
 */
async function writes(): Promise<number> {
  return Number((await s.db.query<{ n: string }>('select n::text as n from fuzz_writes')).rows[0]!.n);
}

beforeAll(async () => {
  s = await modelsServer();
  await s.db.exec(`
    create table fuzz_writes (n bigint not null);
    insert into fuzz_writes values (0);
    create function fuzz_bump() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$;`);
  for (const table of [...MODELS.map((m) => m.table), 'biz_audit', 'biz_files']) {
    await s.db.exec(
      `create trigger fuzz_count after insert or update or delete on ${table} for each statement execute function fuzz_bump()`,
    );
  }
  for (const m of MODELS) {
    const roles = [...(m.create?.roles ?? []), ...m.transitions.flatMap((t) => t.roles)];
    const b = await browserFor(roles[0] ?? 'ROLE_CORE_OPERATOR');
    const res = await b.call('GET', `${API}/${m.name}/records`, { query: { size: '20' } });
    ids.set(
      m.name,
      (res.json().data?.list ?? []).map((r: { id: string; version: number }) => ({
        id: r.id,
        version: r.version,
      })),
    );
  }
}, 120_000);
afterAll(async () => s.close());

// ---- generators -------------------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '😀',
    '',
    ' ',
    "'; drop table credit_issue; --",
    '%',
    '_',
    '\\',
    '0000-01-01',
    '9999-12-31',
    '2026-02-30',
    '2026-02-28',
    '2027-01-15',
    '1e309',
    '-0',
    '99999999999999.99',
    '100000000000000.00',
    '0.001',
    'NaN',
    'SUP001',
    'CORE001',
    'FIN001',
    'x'.repeat(5000),
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 53, [], {}, [null], { __proto__: null }),
  },
);

/** A value of roughly the right kind for a field, often valid, often just wrong. */
function fieldValue(def: FieldDef, depth = 0): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown> =
    def.type === 'array' && def.items && depth < 2
      ? fc.array(fieldValue(def.items, depth + 1), { maxLength: 3 })
      : def.type === 'object' && def.properties && depth < 2
        ? fc.record(
            Object.fromEntries(Object.entries(def.properties).map(([k, d]) => [k, fieldValue(d, depth + 1)])),
            { requiredKeys: [] },
          )
        : def.format === 'date'
          ? fc.oneof(
              fc.constantFrom(
                '2026-12-01',
                '2027-01-15',
                '2026-11-20',
                '2026-02-30',
                '0000-01-01',
                '9999-12-31',
              ),
              fc
                .tuple(
                  fc.integer({ min: 0, max: 9999 }),
                  fc.integer({ min: 0, max: 13 }),
                  fc.integer({ min: 0, max: 32 }),
                )
                .map(
                  ([y, m, d]) =>
                    `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
                ),
            )
          : def.format === 'money' || def.format === 'amount'
            ? fc.oneof(
                fc.constantFrom('1000.00', '0.01', '0', '-1', '1.234', '0123', '99999999999999.98', '1e3'),
                fc
                  .bigInt({ min: 0n, max: 10n ** 16n })
                  .map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`),
              )
            : def.type === 'integer' || def.type === 'number'
              ? fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 31))
              : def.type === 'boolean'
                ? fc.boolean()
                : def.enum
                  ? fc.constantFrom(...def.enum)
                  : fc.string({ maxLength: 20 });
  return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: hostileValue });
}

/** A body for a model: its fields with near or hostile values, sometimes junk keys, sometimes broken text. */
function bodyText(m: ModelDef, extra: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<string> {
  const fields = fc.record(
    { ...Object.fromEntries(Object.entries(m.fields).map(([k, d]) => [k, fieldValue(d)])), ...extra },
    { requiredKeys: [] },
  );
  const junk = fc.dictionary(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'version', 'status'),
    ),
    hostileValue,
    { maxKeys: 4 },
  );
  return fc.tuple(fields, junk, fc.nat({ max: 9 }), fc.nat({ max: 1000 })).map(([f, j, mode, cut]) => {
    const text = JSON.stringify(mode < 5 ? f : { ...f, ...j });
    if (mode === 6) return text.replace(/^\{/, '{"__proto__":{"x":1},');
    if (mode === 7) return text.slice(0, cut % (text.length + 1));
    if (mode === 8) return `${'['.repeat(40)}${text}${']'.repeat(40)}`;
    return text;
  });
}

/** Raw bytes, percent-encoded: NUL, invalid UTF-8 and CESU-encoded surrogates included. */
const rawBytes = fc.oneof(
  fc
    .uint8Array({ maxLength: 10 })
    .map((a) => Array.from(a, (x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom(
    '%ED%A0%80',
    '%00',
    '2026-02-30',
    '0000-01-01',
    '9999-12-31',
    '1000.00',
    'IS0',
    '%25',
    'a%2Cdesc',
  ),
  fc.string({ maxLength: 10 }).map((t) => encodeURIComponent(t)),
);

function queryText(m: ModelDef): fc.Arbitrary<string> {
  const names = [
    ...Object.entries(m.query?.filters ?? {}).flatMap(([k, kind]) =>
      kind === 'range' ? [`${k}From`, `${k}To`, `${k}Min`, `${k}Max`] : [k],
    ),
    'page',
    'size',
    'sort',
    'groupBy',
    'measure',
    'v',
  ];
  return fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: rawBytes }),
        rawBytes,
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

interface Req {
  model: ModelDef;
  role: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  rawQuery: string;
  body: string;
  contentType: string;
  multipart?: boolean;
  /**
   * A multipart body's file part, signed through its md5 (ADR 0001 amendment): its text (sent inside
   * `body`) or its bytes (inside `payload`).
   */
  file?: string | Buffer;
  /** The text fields before a multipart body's file, signed with it. */
  fields?: Array<[string, string]>;
  /** A binary multipart body (an import of a zip bomb), sent instead of `body`. */
  payload?: Buffer;
  /**
   * Past the session's byte budget: refused by its declared length before the signature is checked, so it
   * is signed as empty (hashing megabytes per request would double the run's time).
   */
  oversized?: boolean;
  /** Generated by the hostile generators (counted apart). */
  hostile?: boolean;
}

const idArb = (m: ModelDef) =>
  fc.oneof(
    fc.constantFrom(...(ids.get(m.name)?.length ? ids.get(m.name)!.map((r) => r.id) : ['none'])),
    rawBytes,
  );

// ---- hostile requests --------------------------------------------------------------------------------

/** The key a pollution attempt tries to put on Object.prototype (checked after every request). */
const POLLUTED = 'fuzzPolluted';

/** A JSON text nested `depth` deep (INPUT_LIMITS.depth is 16), closed or left open. */
const nested = fc
  .tuple(
    fc.oneof(fc.integer({ min: INPUT_LIMITS.depth - 1, max: 40 }), fc.integer({ min: 41, max: 50_000 })),
    fc.constantFrom('[', '{"a":', '[{"lines":', '{"lines":['),
    fc.boolean(),
  )
  .map(([depth, open, closed]) => {
    const close = [...open].filter((c) => c === '[' || c === '{').map((c) => (c === '[' ? ']' : '}'));
    const levels = Math.ceil(depth / close.length);
    return `${open.repeat(levels)}1${closed ? close.reverse().join('').repeat(levels) : ''}`;
  });

/** Bodies just past and far past a logged-in session's JSON budget (built once: megabytes each). */
const oversized = (() => {
  const texts = new Map<number, string>();
  return fc.constantFrom(INPUT_LIMITS.jsonBytes + 1, 3 * 1024 * 1024).map((bytes) => {
    let text = texts.get(bytes);
    if (!text) {
      text = `{"remark":"${'x'.repeat(bytes - 14)}"}`;
      texts.set(bytes, text);
    }
    return text;
  });
})();

/** Prototype keys at the top, in members and items, escaped, and beside a model's fields. */
const pollution = (m: ModelDef): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      `{"__proto__":{"${POLLUTED}":1}}`,
      `{"constructor":{"prototype":{"${POLLUTED}":1}}}`,
      `{"lines":[{"__proto__":{"${POLLUTED}":1}}]}`,
      `{"a":{"b":{"constructor":{"prototype":{"${POLLUTED}":1}}}}}`,
      `{"\u005f_proto__":{"${POLLUTED}":1}}`,
      `{"__proto__":[],"items":[{"id":"x","__proto__":{"${POLLUTED}":1}}]}`,
      `{"prototype":{"${POLLUTED}":1},"constructor":{"${POLLUTED}":1}}`,
    ),
    bodyText(m).map((t) => t.replace(/^\{/, `{"constructor":{"prototype":{"${POLLUTED}":1}},`)),
  );

/** Content types a JSON body should not arrive under (and a few spellings of the right one). */
const wrongContentType = fc.constantFrom(
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/merge-patch+json',
  'image/png',
  ';',
);

/** Hostile bodies to a model's write endpoints (create, update, an action, a batch). */
function hostileRequests(): fc.Arbitrary<Req> {
  return fc.oneof(
    ...MODELS.map((m) => {
      const creator = m.create?.roles[0] ?? m.transitions[0]?.roles[0] ?? 'ROLE_CORE_OPERATOR';
      const id = ids.get(m.name)?.[0]?.id ?? 'none';
      const action = m.transitions[0]?.action ?? 'none';
      const target = fc.constantFrom(
        { method: 'POST' as const, path: `${API}/${m.name}/records` },
        { method: 'PUT' as const, path: `${API}/${m.name}/records/${id}` },
        { method: 'POST' as const, path: `${API}/${m.name}/records/${id}/actions/${action}` },
        { method: 'POST' as const, path: `${API}/${m.name}/batch/${action}` },
      );
      const json = (text: fc.Arbitrary<string>) =>
        text.map((body) => ({ body, contentType: 'application/json' }));
      const payload = fc.oneof(
        { weight: 3, arbitrary: json(nested) },
        {
          weight: 1,
          arbitrary: oversized.map((body) => ({ body, contentType: 'application/json', oversized: true })),
        },
        { weight: 3, arbitrary: json(pollution(m)) },
        { weight: 3, arbitrary: fc.record({ body: bodyText(m), contentType: wrongContentType }) },
      );
      return fc.tuple(target, payload).map(([t, p]) => ({
        model: m,
        role: creator,
        ...t,
        rawQuery: '',
        ...p,
        hostile: true,
      }));
    }),
  );
}

/** Models with an Excel import and the workbook header of each (its columns' titles). */
const IMPORTS = MODELS.filter((m) => m.import && m.create).map((m) => ({
  model: m,
  header: (m.import!.fields as string[]).map((f) => m.fields[f]?.title ?? f),
}));

const bombs = new Map<string, Buffer>();
/** Zip bombs (built once): rows past IMPORT_LIMITS.maxBytes unzipped, or more entries than a workbook has. */
function bomb(kind: 'rows' | 'entries', header: readonly string[]): Buffer {
  const key = `${kind}:${header.join()}`;
  let file = bombs.get(key);
  if (!file) {
    file =
      kind === 'rows'
        ? bigWorkbook(header, 250_000)
        : zip(Array.from({ length: 300 }, (_, i) => [`xl/media/${i}.xml`, Buffer.alloc(64, 'x')]));
    bombs.set(key, file);
  }
  return file;
}

/** An import of a zip bomb, as the portal uploads a file: its value fields, then the file. */
function bombRequests(): fc.Arbitrary<Req> {
  return fc
    .tuple(fc.constantFrom(...IMPORTS), fc.constantFrom('rows' as const, 'entries' as const))
    .map(([{ model: m, header }, kind]) => {
      const boundary = 'fuzzBomb';
      const values = (m.import!.values ?? []).map((name): [string, string] => [
        name,
        String(m.fields[name]?.enum?.[0] ?? 'x'),
      ]);
      const fields = values.map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      const payload = Buffer.concat([
        Buffer.from(
          `${fields.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bomb(kind, header),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return {
        model: m,
        role: m.create!.roles[0]!,
        method: 'POST' as const,
        path: `${API}/${m.name}/import`,
        rawQuery: '',
        body: '',
        contentType: `multipart/form-data; boundary=${boundary}`,
        multipart: true,
        file: bomb(kind, header),
        fields: values,
        payload,
      };
    });
}

/**
 * Every request of a run: mostly generated from the models, about one in forty hostile, about one in a
 * thousand a zip bomb (some ten per 10,000; each costs a worker's unzip).
 */
function allRequests(): fc.Arbitrary<Req> {
  return fc.oneof(
    { weight: 975, arbitrary: requests() },
    { weight: 24, arbitrary: hostileRequests() },
    ...(IMPORTS.length ? [{ weight: 1, arbitrary: bombRequests() }] : []),
  );
}

function requests(): fc.Arbitrary<Req> {
  const perModel = MODELS.map((m) => {
    const creator = m.create?.roles[0] ?? 'ROLE_CORE_OPERATOR';
    const base = { model: m, contentType: 'application/json' };
    const version = fc.oneof(
      fc.constantFrom(...(ids.get(m.name)?.map((r) => r.version) ?? [1]), 0, -1, 2 ** 40),
      hostileValue,
    );
    const endpoints: Array<fc.Arbitrary<Req>> = [
      queryText(m).map((q) => ({
        ...base,
        role: creator,
        method: 'GET' as const,
        path: `${API}/${m.name}/records`,
        rawQuery: q,
        body: '',
      })),
      fc.tuple(fc.constantFrom('aggregates', 'aggregate', 'meta'), queryText(m)).map(([p, q]) => ({
        ...base,
        role: creator,
        method: 'GET' as const,
        path: `${API}/${m.name}/${p}`,
        rawQuery: q,
        body: '',
      })),
      idArb(m).map((id) => ({
        ...base,
        role: creator,
        method: 'GET' as const,
        path: `${API}/${m.name}/records/${id}`,
        rawQuery: '',
        body: '',
      })),
      bodyText(m).map((b) => ({
        ...base,
        role: creator,
        method: 'POST' as const,
        path: `${API}/${m.name}/records`,
        rawQuery: '',
        body: b,
      })),
      fc.tuple(idArb(m), bodyText(m, { version })).map(([id, b]) => ({
        ...base,
        role: m.update?.roles[0] ?? creator,
        method: 'PUT' as const,
        path: `${API}/${m.name}/records/${id}`,
        rawQuery: '',
        body: b,
      })),
    ];
    if (m.transitions.length > 0) {
      endpoints.push(
        fc
          .tuple(
            idArb(m),
            fc.oneof(
              { weight: 5, arbitrary: fc.constantFrom(...m.transitions) },
              { weight: 1, arbitrary: rawBytes.map((a) => ({ ...m.transitions[0]!, action: a })) },
            ),
            fc.record(
              {
                version,
                reason: hostileValue,
                signature: fc.oneof(hostileValue, fc.constant({ raType: 'CFCA', original: 'x' })),
              },
              { requiredKeys: [] },
            ),
          )
          .map(([id, t, b]) => ({
            ...base,
            role: t.roles[0] ?? creator,
            method: 'POST' as const,
            path: `${API}/${m.name}/records/${id}/actions/${t.action}`,
            rawQuery: '',
            body: JSON.stringify(b),
          })),
      );
    }
    if (m.files) {
      endpoints.push(
        fc
          .tuple(
            idArb(m),
            fc.constantFrom(...m.files.categories, 'nope'),
            fc.nat({ max: 5 }),
            fc.string({ unit: 'binary', maxLength: 8 }),
            fc.uint8Array({ maxLength: 64 }),
          )
          .map(([id, category, mode, name, bytes]) => {
            const boundary = 'fuzzBoundary';
            const content = `%PDF-${Buffer.from(bytes).toString('latin1')}`;
            const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`;
            const body = mode === 0 ? file.slice(0, file.length / 2) : mode === 1 ? '' : file;
            return {
              ...base,
              role: creator,
              method: 'POST' as const,
              path: '/v1/files/upload',
              rawQuery: `model=${m.name}&recordId=${id}&category=${encodeURIComponent(category)}`,
              body,
              contentType:
                mode === 2
                  ? 'multipart/form-data'
                  : mode === 3
                    ? 'multipart/form-data; boundary=other'
                    : `multipart/form-data; boundary=${boundary}`,
              multipart: true,
              file: content,
            };
          }),
      );
    }
    return fc.oneof(...endpoints);
  });
  return fc.oneof(...perModel);
}

/** A wire body is UTF-8 bytes: a cut through a surrogate pair arrives as U+FFFD, as a real client sends it. */
const wellFormed = (t: string): string => (t as string & { toWellFormed(): string }).toWellFormed();

async function send(r: Req): Promise<LightMyRequestResponse> {
  if (!r.oversized) r.body = wellFormed(r.body);
  const b = await browserFor(r.role);
  const url = `/api/web${r.path}`;
  const wire = r.method === 'PUT' ? 'POST' : r.method;
  const signed = {
    method: r.method,
    path: url,
    rawQuery: r.rawQuery,
    csrfToken: b.csrf,
    timestamp: clock.now.getTime(),
  };
  return s.app.inject({
    method: wire,
    url: r.rawQuery ? `${url}?${r.rawQuery}` : url,
    headers: {
      cookie: b.cookie,
      'x-csrf-token': b.csrf,
      'x-ccbscf-terminal-code': TERMINAL_CODE,
      ...(r.method === 'PUT' ? { 'x-scf-real-http-method': 'PUT' } : {}),
      ...(r.body || r.multipart || r.payload ? { 'content-type': r.contentType } : {}),
      // The file as it goes on the wire (a text body is sent as UTF-8), signed as the portal signs it.
      ...(r.file !== undefined
        ? signUpload({
            ...signed,
            file: typeof r.file === 'string' ? Buffer.from(wellFormed(r.file), 'utf8') : r.file,
            fields: r.fields,
          })
        : { 'x-vrandom': signRequest({ ...signed, body: r.oversized ? '' : r.body }) }),
    },
    ...(r.payload ? { payload: r.payload } : r.body ? { payload: r.body } : {}),
  });
}

describe('fuzzing every endpoint of every model (fast-check)', () => {
  it(`${RUNS} generated requests: no 5xx, a coded answer, and no write on refusal`, async () => {
    let before = await writes();
    const stats = { total: 0, ok: 0, refused: 0, hostile: 0, bombs: 0 };
    const codes = new Map<string, number>();
    const timing = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(allRequests(), async (r) => {
        const t0 = performance.now();
        const res = await send(r);
        const kind = `${r.method} ${r.path.replace(/\/records\/[^/]+/, '/records/:id').replace(/actions\/.*/, 'actions')}`;
        timing.set(kind, (timing.get(kind) ?? 0) + performance.now() - t0);
        stats.total++;
        const what = `${r.method} ${r.path}?${r.rawQuery} ${r.contentType} ${r.payload ? `(${r.payload.length} bytes)` : r.body.slice(0, 300)}`;
        if (r.payload) stats.bombs++;
        else if (r.hostile) stats.hostile++;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(Object.prototype, what).not.toHaveProperty(POLLUTED);
        const code = (res.json() as { code?: unknown }).code;
        expect(typeof code, what).toBe('string');
        codes.set(String(code), (codes.get(String(code)) ?? 0) + 1);
        // A bomb carries its right signed md5, so it reaches the unzip and is refused there, not for its hash.
        if (r.payload) expect(code, what).toBe('SCF.IMPORT_TOO_LARGE');
        if (code === '0') stats.ok++;
        else stats.refused++;
        // Reads never write business data; a write request must not write when refused.
        if (r.method !== 'GET') {
          const after = await writes();
          if (code !== '0') expect(after, `refused ${String(code)} but wrote: ${what}`).toBe(before);
          before = after;
        }
      }),
      { numRuns: RUNS, seed: testSeed('FUZZ'), endOnFailure: true },
    );
    console.log(
      `fuzz: ${stats.total} requests (${stats.hostile} hostile, ${stats.bombs} zip bombs), ${stats.ok} accepted, ${stats.refused} refused; codes`,
      Object.fromEntries(codes),
    );
    if (process.env.FUZZ_TIMING) console.log([...timing].sort((a, b) => b[1] - a[1]).slice(0, 12));
    expect(stats.total).toBe(RUNS);
    if (RUNS >= 5000 && IMPORTS.length) expect(stats.bombs).toBeGreaterThan(0);
  }, 600_000);
});
