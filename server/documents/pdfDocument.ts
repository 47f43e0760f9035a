import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The PDF engine of generated documents (contracts, confirmations, notices): a document is a title, some
 * numbered sections of paragraphs and key–value rows, and signature blocks, laid out on A4 with an
 * embedded Chinese font. The font is Noto Sans Hans (SIL OFL) from the npm package `@embedpdf/fonts-sc`,
 * read once; pdfkit embeds only the glyphs a document uses (a one-page contract is about 60 KB), so the
 * server needs no system font.
 */

/** A labelled value printed as 「label：value」, e.g. 融资金额（小写）：¥1,000.00. */
export interface DocumentRow {
  label: string;
  value: string;
}

export interface DocumentSection {
  heading?: string;
  paragraphs?: string[];
  rows?: DocumentRow[];
}

export interface DocumentSignature {
  /** Who signs, e.g. 甲方（保理商）. */
  party: string;
  /** The enterprise's name. */
  name: string;
  /** When it was signed (YYYY-MM-DD), or empty while unsigned. */
  date?: string;
  /** Shown under the name, e.g. 已使用UKEY电子签名. */
  note?: string;
}

export interface DocumentSpec {
  title: string;
  /** Printed top right: 合同编号 and the like. */
  number?: string;
  sections: DocumentSection[];
  signatures?: DocumentSignature[];
}

const requireHere = createRequire(import.meta.url);
let fontBytes: Buffer | null = null;

/** The embedded font's file (Noto Sans Hans Regular of @embedpdf/fonts-sc), read once. */
export function documentFont(): Buffer {
  if (!fontBytes) {
    const entry = requireHere.resolve('@embedpdf/fonts-sc');
    fontBytes = readFileSync(join(dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontBytes;
}

const MARGIN = 56;

/** Renders a document to PDF bytes. */
export function renderPdf(spec: DocumentSpec, createdAt: Date = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: spec.title, Creator: '供应链金融服务平台', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', documentFont());
  doc.font('cjk');
  const width = doc.page.width - MARGIN * 2;
  if (spec.number) doc.fontSize(9).text(spec.number, { align: 'right', width });
  doc.moveDown(0.5).fontSize(18).text(spec.title, { align: 'center', width });
  doc.moveDown(1);
  for (const section of spec.sections) {
    if (section.heading) doc.fontSize(12).text(section.heading, { width }).moveDown(0.3);
    for (const p of section.paragraphs ?? [])
      doc.fontSize(10.5).text(p, { width, lineGap: 3, indent: 21 }).moveDown(0.3);
    for (const row of section.rows ?? [])
      doc.fontSize(10.5).text(`${row.label}：${row.value}`, { width, lineGap: 3 });
    doc.moveDown(0.6);
  }
  if (spec.signatures?.length) {
    doc.moveDown(1);
    const col = width / spec.signatures.length;
    const top = doc.y;
    spec.signatures.forEach((s, i) => {
      const x = MARGIN + i * col;
      const lines = [`${s.party}：${s.name}`, s.note ?? '（签章）', `日期：${s.date || '     年   月   日'}`];
      doc.fontSize(10.5).text(lines.join('\n'), x, top, { width: col - 12, lineGap: 6 });
    });
  }
  doc.end();
  return done;
}
