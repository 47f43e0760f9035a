import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The PDF engine of generated documents (contracts, confirmations, notices): a document is a title, some
 * numbered sections of paragraphs and key–value rows, and signature blocks, laid out on A4 with an
 * embedded Chinese font. The font is Noto Sans Hans (SIL OFL) from the npm package `@embedpdf/fonts-sc`,
 * read and parsed once (see `parsedDocumentFont`); pdfkit embeds only the glyphs a document uses (a one-page
 * contract is about 60 KB), so the server needs no system font.
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

/** fontkit's parsed font, as far as pdfkit needs it. */
interface FontkitFont {
  layout: (...args: unknown[]) => unknown;
}

let parsedFont: FontkitFont | Buffer | null = null;

/**
 * The font parsed once by fontkit and shared by every document. Parsing the 8 MB font (its CFF glyph
 * index and layout tables) took most of a document's time (a one-page contract: 122 ms CPU parsing it
 * each time, 45 ms sharing it). pdfkit >= 0.20 takes an already-parsed fontkit `Font` in `registerFont`
 * (its changelog, v0.20.0); each document still makes its own subset and widths. fontkit is resolved
 * through pdfkit, so it is the copy pdfkit itself parses with; should it not resolve, every document
 * registers the bytes as before.
 */
export function parsedDocumentFont(): FontkitFont | Buffer {
  if (!parsedFont) {
    try {
      const fontkit = createRequire(requireHere.resolve('pdfkit'))('fontkit') as {
        create: (bytes: Uint8Array) => FontkitFont;
      };
      const font = fontkit.create(documentFont());
      parsedFont = typeof font.layout === 'function' ? font : documentFont();
    } catch {
      parsedFont = documentFont();
    }
  }
  return parsedFont;
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
  // @types/pdfkit lists bytes and paths only; pdfkit 0.20 also takes a parsed fontkit font.
  doc.registerFont('cjk', parsedDocumentFont() as Buffer);
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
