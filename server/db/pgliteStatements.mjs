// Statements on PGlite in one exchange each, prepared once they recur (server/db/pglite.ts and the
// database thread, server/db/pgliteWorker.mjs; plain JavaScript so the thread can load it without the
// TypeScript loader). PGlite's own query() enters the database six times per statement (Parse, Describe,
// Bind, Describe, Execute, Sync) and parses and plans the text every time; planning alone asks the file
// system for the size of every index of every table the statement names (one fstat each), the largest part
// of a short list statement's cost. Here a statement that recurs is prepared by name once, and each call is
// one Bind-Describe-Execute-Sync exchange; PostgreSQL's plan cache then keeps its plan (plan_cache_mode
// auto: custom plans for the first five calls, then the generic plan unless it is estimated dearer).
// Parameters are serialised as PGlite's query() does (by the types PostgreSQL infers for the statement, with
// PGlite's serialisers) and rows parsed with PGlite's parsers, so callers see exactly what query() returns.

/** Distinct statement texts prepared by name; beyond, statements are parsed on every call. */
export const MAX_PREPARED = 200;
/** A text is named on its third call: one-off texts (an export's later chunks, deep pages) stay unnamed. */
const CALLS_BEFORE_NAMED = 2;
/** How many unnamed texts are counted before the counts start again. */
const MAX_COUNTED = 5000;

/**
 * Statements planned for their own values every time, never prepared: an EXPLAIN, whose purpose is the
 * estimate for these values (a list's estimated total, whether a search term is narrow:
 * server/models/listQuery.ts), and a statement matching a text pattern (a contains filter,
 * `like lower($n)`), whose matching rows depend on the pattern, which a generic plan cannot know.
 */
export const VALUE_PLANNED = /^\s*explain\b|\b(i?like|similar to)\b/i;

/**
 * Counts one call of the unnamed text `sql` in `calls`; true when this call is the one to name it (its
 * count is then dropped); never for a {@link VALUE_PLANNED} text. The rule of both databases' prepared
 * statements (here and server/db/postgres.ts).
 */
export function namedNow(calls, sql) {
  if (VALUE_PLANNED.test(sql)) return false;
  const n = (calls.get(sql) ?? 0) + 1;
  if (n > CALLS_BEFORE_NAMED) {
    calls.delete(sql);
    return true;
  }
  if (calls.size >= MAX_COUNTED) calls.clear();
  calls.set(sql, n);
  return false;
}
/**
 * A prepared statement PostgreSQL no longer runs as prepared: its result columns changed under it
 * (0A000, "cached plan must not change result type", after a migration changed a table it reads), or it
 * is gone (26000). It is prepared again under a new name, and the old one closed.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

// Frontend messages of the extended query protocol (PostgreSQL documentation, "Message Formats"), every
// parameter and result in text format.
const cstring = (s) => {
  const b = Buffer.from(s, 'utf8');
  return b.includes(0) ? null : b;
};
function frame(type, body) {
  const out = Buffer.allocUnsafe(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}
const NUL = Buffer.from([0]);
const parseMessage = (name, text) =>
  frame('P', Buffer.concat([Buffer.from(name), NUL, text, NUL, Buffer.from([0, 0])]));
const describeMessage = (kind, name) => frame('D', Buffer.concat([Buffer.from(kind + name), NUL]));
function bindMessage(name, values) {
  const parts = [Buffer.from([0]), Buffer.from(name), NUL, Buffer.from([0, 0])];
  const count = Buffer.allocUnsafe(2);
  count.writeInt16BE(values.length, 0);
  parts.push(count);
  for (const v of values) {
    const len = Buffer.allocUnsafe(4);
    if (v === null) {
      len.writeInt32BE(-1, 0);
      parts.push(len);
      continue;
    }
    const bytes = Buffer.from(v, 'utf8');
    len.writeInt32BE(bytes.length, 0);
    parts.push(len, bytes);
  }
  parts.push(Buffer.from([0, 0]));
  return frame('B', Buffer.concat(parts));
}
const EXECUTE = frame('E', Buffer.from([0, 0, 0, 0, 0]));
const SYNC = frame('S', Buffer.alloc(0));
const DESCRIBE_PORTAL = describeMessage('P', '');
/** Close of a prepared statement (not an error when it does not exist). */
const closeMessage = (name) => frame('C', Buffer.concat([Buffer.from('S' + name), NUL]));

/**
 * `query(sql, params)` on `pg` (a PGlite), answering `{rows, affectedRows}` as `pg.query` does. Callers run
 * one statement at a time (server/db/db.ts serialQueue), inside or outside a transaction of their own.
 */
export function statementRunner(pg) {
  /** sql → { name, types } of its prepared statement. */
  const prepared = new Map();
  const calls = new Map();
  let nextName = 0;
  /** Names of stale statements, closed with the next parse. */
  let stale = [];

  /** Parses `sql` into statement `name` ('' = the unnamed one); resolves to its parameters' type ids. */
  async function parse(name, text) {
    const closes = stale.map(closeMessage);
    stale = [];
    const messages = await pg.execProtocolStream(
      Buffer.concat([...closes, parseMessage(name, text), describeMessage('S', name), SYNC]),
      { syncToFs: false },
    );
    return messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
  }

  async function execute(name, types, params) {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = pg.serializers[types[i]];
      return serialize ? serialize(param) : param.toString();
    });
    const messages = await pg.execProtocolStream(
      Buffer.concat([bindMessage(name, values), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      { syncToFs: false },
    );
    return resultOf(messages, pg.parsers);
  }

  /** The statement's name when it is (or now becomes) prepared, else undefined. */
  function nameFor(sql) {
    if (prepared.has(sql) || prepared.size >= MAX_PREPARED) return undefined;
    return namedNow(calls, sql) ? `scf_${nextName++}` : undefined;
  }

  return async function query(sql, params = []) {
    const text = cstring(sql);
    // A NUL in the text cannot travel in the protocol: PGlite's own path reports it.
    if (!text) return pg.query(sql, params);
    try {
      let statement = prepared.get(sql);
      if (!statement) {
        const name = nameFor(sql);
        const types = await parse(name ?? '', text);
        if (name === undefined) return await execute('', types, params);
        statement = { name, types };
        prepared.set(sql, statement);
      }
      try {
        return await execute(statement.name, statement.types, params);
      } catch (e) {
        if (!STALE_STATEMENT.has(e?.code)) throw e;
        prepared.delete(sql);
        stale.push(statement.name);
        // Inside a transaction the error ended it: the caller sees it. Outside, the statement runs again.
        if (pg.isInTransaction()) throw e;
        return await query(sql, params);
      }
    } catch (e) {
      // As PGlite's query() reports a statement's error: with the statement and its parameters.
      if (e && typeof e === 'object' && 'code' in e) Object.assign(e, { query: sql, params });
      throw e;
    }
  };
}

/** Rows (parsed by type, as PGlite's query() does) and the affected-row count of one statement's messages. */
function resultOf(messages, parsers) {
  let fields = [];
  const rows = [];
  let affectedRows = 0;
  for (const m of messages) {
    if (m.name === 'rowDescription') fields = m.fields;
    else if (m.name === 'dataRow') {
      const row = {};
      for (let i = 0; i < fields.length; i++) {
        const value = m.fields[i];
        const { name, dataTypeID } = fields[i];
        const parser = parsers[dataTypeID];
        row[name] = value === null ? null : parser ? parser(value, dataTypeID) : value;
      }
      rows.push(row);
    } else if (m.name === 'commandComplete') {
      // "INSERT 0 5", "UPDATE 3", "DELETE 2": the last word is the count of rows written.
      const parts = m.text.split(' ');
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0]))
        affectedRows += parseInt(parts[parts.length - 1], 10);
    }
  }
  return { rows, affectedRows };
}
