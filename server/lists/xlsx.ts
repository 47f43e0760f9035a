import ExcelJS from 'exceljs';
import type { ExportColumn } from '@renderer/core/model';
import { ApiError } from '../errors';
import type { CompiledModel } from '../models/compileModel';
import { assertFieldsVisible } from '../models/fieldAccess';
import type { DictDef } from '../models/types';

type Json = Record<string, unknown>;
type Cell = string | number | null;

/** Excel's thousands format with two decimals: how every money column is shown. */
export const MONEY_FORMAT = '#,##0.00';

/** Record fields every model has besides its own (recordJson). */
const SYSTEM_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'createdByName', 'corpName']);

/** One column ready to write: header, width, number format and how a record becomes its cell. */
interface Writer {
  title: string;
  money: boolean;
  cell: (record: Json) => Cell;
}

const readPath = (record: Json, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), record);

/**
 * How each asked column becomes a cell: money as a number (its decimal string parsed once, so Excel
 * sums it; shown `#,##0.00`), other numbers as numbers, states and dictionary fields as their labels,
 * booleans as 是/否, everything else as text. Only fields of the model (or their members, for
 * object fields) and the record's system fields may be asked, and none hidden from `role`.
 * @throws EXPORT_COLUMNS_INVALID naming the first unknown field, FIELD_HIDDEN the first hidden one.
 */
export function columnWriters(
  model: CompiledModel,
  dicts: ReadonlyMap<string, DictDef>,
  columns: readonly ExportColumn[],
  role: string | null,
): Writer[] {
  assertFieldsVisible(
    model,
    role,
    columns.map((c) => c.field),
  );
  return columns.map(({ field, title }) => {
    const [head = ''] = field.split('.');
    const def = model.fields.get(head);
    const nested = field !== head;
    if (field === model.stateField) {
      return { title, money: false, cell: (r) => label(model.states.get(String(r[field]))?.label, r[field]) };
    }
    if (!def ? !SYSTEM_FIELDS.has(field) || nested : nested && def.kind !== 'json') {
      throw new ApiError('EXPORT_COLUMNS_INVALID', { field });
    }
    if (def && !nested) {
      const items = def.def.dict ? dicts.get(def.def.dict)?.items : undefined;
      if (items) {
        const labels = new Map(items.map((i) => [i.value, i.label]));
        return { title, money: false, cell: (r) => label(labels.get(String(r[field])), r[field]) };
      }
      if (def.kind === 'money') return { title, money: true, cell: (r) => numberOf(r[field]) };
      if (def.kind === 'decimal' || def.kind === 'integer')
        return { title, money: false, cell: (r) => numberOf(r[field]) };
      if (def.kind === 'boolean')
        return { title, money: false, cell: (r) => (r[field] === null ? null : r[field] ? '是' : '否') };
    }
    return { title, money: false, cell: (r) => textOf(readPath(r, field)) };
  });
}

const label = (text: string | undefined, value: unknown): Cell => text ?? textOf(value);

const numberOf = (value: unknown): Cell =>
  value === null || value === undefined || value === '' ? null : Number(value);

const textOf = (value: unknown): Cell =>
  value === null || value === undefined
    ? null
    : cellText(typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/U+FFFF): a file with one is corrupt. */
/* eslint-disable no-control-regex -- the control characters are what it finds */
const XML_INVALID =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */

/** Text as a cell or header may hold it: what XML cannot carry becomes a space. */
export const cellText = (text: string): string => text.replace(XML_INVALID, ' ');

/** Most UTF-16 units of a sheet name. */
const SHEET_NAME_MAX = 31;

/**
 * A sheet name Excel accepts (exceljs throws on the others): none of []:*?/\ nor what XML cannot hold, no
 * apostrophe at either end, at most 31 UTF-16 units (a character is never cut in two), not the reserved
 * "History"; else 'Sheet1'. A list title is the user's text, so every one of these can happen.
 */
export function sheetName(title: string): string {
  let name = '';
  for (const char of cellText(title).replace(/[[\]:*?/\\]/g, ' ')) {
    if (name.length + char.length > SHEET_NAME_MAX) break;
    name += char;
  }
  name = name.replace(/^[\s']+|[\s']+$/g, '');
  return name && name.toLowerCase() !== 'history' ? name : 'Sheet1';
}

/** A workbook being filled: one sheet, a bold frozen header, rows added chunk by chunk. */
export function createSheet(
  title: string,
  writers: readonly Writer[],
): { add: (records: readonly Json[]) => void; toBuffer: () => Promise<Buffer> } {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CCBSCF';
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = writers.map((w, i) => ({
    header: cellText(w.title),
    key: `c${i}`,
    width: Math.max(12, Math.min(40, w.title.length * 2 + 4)),
    ...(w.money ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  return {
    add(records) {
      for (const record of records) sheet.addRow(writers.map((w) => w.cell(record)));
    },
    async toBuffer() {
      return Buffer.from(await workbook.xlsx.writeBuffer());
    },
  };
}
