// The import file's reader, run in a worker thread (server/lists/imports.ts): unzipping and parsing a
// workbook is CPU and memory no request may take from the event loop. Plain JavaScript, so the worker
// starts the same under node, tsx and vitest. In: workerData { data, columns, maxRows, maxBytes,
// maxEntries }. Out: one message, { header, rows } or { error, params } (catalogue codes, server/errors.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';

class Refusal extends Error {
  constructor(code, params) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

const invalid = () => new Refusal('IMPORT_FILE_INVALID');

/**
 * Inflates every entry of the zip once, each with the budget of uncompressed bytes that is left as its
 * ceiling, before the workbook is parsed: a zip bomb is refused at the first byte past the budget, whatever
 * sizes its headers declare, and never held in memory whole.
 */
function checkZip(buf, maxBytes, maxEntries) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw invalid();
  const entries = buf.readUInt16LE(eocd + 10);
  if (entries > maxEntries) throw new Refusal('IMPORT_TOO_LARGE', { mb: maxBytes / 1024 / 1024 });
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw invalid();
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const local = buf.readUInt32LE(p + 42);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw invalid();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw invalid();
    const data = buf.subarray(start, start + compressed);
    const left = maxBytes - total;
    if (method === 0) total += compressed;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, left) }).length;
      } catch (e) {
        if (e && e.code === 'ERR_BUFFER_TOO_LARGE')
          throw new Refusal('IMPORT_TOO_LARGE', { mb: maxBytes / 1024 / 1024 });
        throw invalid();
      }
    } else throw invalid();
    if (total > maxBytes) throw new Refusal('IMPORT_TOO_LARGE', { mb: maxBytes / 1024 / 1024 });
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
}

const pad = (n) => String(n).padStart(2, '0');

/** A cell's value as the API would take it: text trimmed, dates as YYYY-MM-DD, formulas by their result. */
function cellValue(value) {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object') {
    if ('result' in value) return cellValue(value.result);
    if ('richText' in value) return cellValue(value.richText.map((t) => t.text).join(''));
    if ('text' in value) return cellValue(value.text);
  }
  return undefined;
}

async function read({ data, columns, maxRows, maxBytes, maxEntries }) {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  checkZip(buf, maxBytes, maxEntries);
  // Loaded only for a file that passed: a bomb is refused before the parser's start-up cost.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf);
  } catch {
    throw invalid();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid();
  const cellsOf = (r) =>
    Array.from({ length: columns }, (_, i) => cellValue(sheet.getRow(r).getCell(i + 1).value));
  const header = cellsOf(1);
  const rows = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const cells = cellsOf(r);
    if (cells.every((c) => c === undefined)) continue;
    if (rows.length >= maxRows) throw new Refusal('IMPORT_TOO_MANY', { max: maxRows });
    rows.push({ row: r, cells });
  }
  return { header, rows };
}

read(workerData).then(
  (result) => parentPort.postMessage(result),
  (e) =>
    parentPort.postMessage(
      e instanceof Refusal ? { error: e.code, params: e.params } : { error: 'IMPORT_FILE_INVALID' },
    ),
);
