import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile import files for the tests (abs.test's import bombs, the fuzz and the soak): a zip written by
 * hand, so an entry may be as large as a test likes, and the .xlsx bomb built on it.
 */

/** A zip record: its signature, then little-endian fields at their offsets. */
function zipHeader(signature: number, size: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const b = Buffer.alloc(size);
  b.writeUInt32LE(signature, 0);
  for (const [at, bytes, value] of fields) {
    if (bytes === 2) b.writeUInt16LE(value, at);
    else b.writeUInt32LE(value, at);
  }
  return b;
}

/** A zip of deflated entries, written by hand so a test can make any entry as large as it likes. */
export function zip(entries: Array<[string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    // Version 2.0, UTF-8 names, deflate; then CRC, sizes, name length (and, centrally, the offset).
    const local = zipHeader(0x04034b50, 30, [
      [4, 2, 20],
      [6, 2, 0x0800],
      [8, 2, 8],
      [14, 4, crc],
      [18, 4, packed.length],
      [22, 4, data.length],
      [26, 2, fileName.length],
    ]);
    const dir = zipHeader(0x02014b50, 46, [
      [4, 2, 20],
      [6, 2, 20],
      [8, 2, 0x0800],
      [10, 2, 8],
      [16, 4, crc],
      [20, 4, packed.length],
      [24, 4, data.length],
      [28, 2, fileName.length],
      [42, 4, offset],
    ]);
    locals.push(local, fileName, packed);
    central.push(dir, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/**
 * A minimal .xlsx: one sheet, an import template's `header` and `rows` one-cell rows (a zip bomb's shape:
 * 250,000 rows are a few KB zipped and over 12 MB unzipped, past IMPORT_LIMITS.maxBytes).
 */
export function bigWorkbook(header: readonly string[], rows: number): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const parts: string[] = [
    `<worksheet xmlns="${main}"><sheetData><row r="1">`,
    header.map((h, i) => cell(`${String.fromCharCode(65 + i)}1`, h)).join(''),
    '</row>',
  ];
  // One large string (rows without numbers follow one another): little garbage for the collector to pause on.
  parts.push('<row><c t="inlineStr"><is><t>P</t></is></c></row>'.repeat(rows), '</sheetData></worksheet>');
  return zip([
    [
      '[Content_Types].xml',
      Buffer.from(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    ],
    [
      '_rels/.rels',
      Buffer.from(
        `<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      Buffer.from(
        `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="导入数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      Buffer.from(
        `<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    ],
    ['xl/worksheets/sheet1.xml', Buffer.from(parts.join(''))],
  ]);
}
