import { schemaTreeJson } from '@renderer/core/node';
import type { DocumentSection } from './pdfDocument';

/**
 * Agreement texts are written once, in the page fragments whose AgreementViewer fields the sign pages show
 * (`x-component-props`: title and content, articles separated by a blank line, each a heading line and its
 * paragraphs); documents and the protocol list print the same text.
 */
type AgreementField = { 'x-component-props': { title: string; content: string } };
const cache = new Map<string, Record<string, AgreementField>>();

/**
 * The title and text of the AgreementViewer field `key` of a fragment (its path in the schemas tree,
 * `_fragments/<name>.json`), or null when there is none.
 */
export function fragmentAgreement(file: string, key: string): { title: string; content: string } | null {
  let fields = cache.get(file);
  if (!fields) {
    fields = schemaTreeJson<Record<string, AgreementField>>(file);
    cache.set(file, fields);
  }
  return fields[key]?.['x-component-props'] ?? null;
}

/** An agreement's text as document sections: one per article, headed by its first line. */
export function agreementArticles(content: string): DocumentSection[] {
  return content.split(/\n\s*\n/).map((block): DocumentSection => {
    const [heading, ...lines] = block.split('\n');
    return { heading, paragraphs: lines };
  });
}
