/**
 * A normalised, readable text of a rendered page for snapshots: elements that carry meaning (test
 * ids, roles, form controls, SVG shapes) with their text, and nothing generated (ids, class hashes,
 * styles). Wrapper elements without meaning are flattened, so layout-only changes do not churn the
 * snapshots.
 */

/** Attributes kept in snapshots; everything else (generated ids, classes, styles) is dropped. */
const KEPT = [
  'data-testid',
  'data-page-kind',
  'data-key',
  'role',
  'type',
  'placeholder',
  'value',
  'disabled',
  'checked',
  'aria-selected',
  'aria-checked',
  'readonly',
  'colspan',
  'href',
  'title',
];
/** Class names that say something a user sees (button kind, tag colour, states). */
const MEANINGFUL_CLASS =
  /^(ant-(btn-primary|btn-dangerous|tag-[a-z]+|tabs-tab-active|steps-item-(process|wait|finish)|form-item-required|formily-item-error-help|pagination-item-active|table-cell-fix-(left|right)$))$/;
const SKIPPED = new Set(['STYLE', 'SCRIPT', 'TEMPLATE']);

function attributes(element: Element): string {
  const parts: string[] = [];
  for (const name of KEPT) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    parts.push(value === '' ? name : `${name}=${JSON.stringify(value)}`);
  }
  if (element instanceof HTMLInputElement && element.value !== '' && !element.hasAttribute('value'))
    parts.push(`value=${JSON.stringify(element.value)}`);
  if (element instanceof HTMLTextAreaElement && element.value !== '')
    parts.push(`value=${JSON.stringify(element.value)}`);
  const classes = [...element.classList].filter((c) => MEANINGFUL_CLASS.test(c));
  if (classes.length) parts.push(`class=${JSON.stringify(classes.join(' '))}`);
  return parts.join(' ');
}

function isMeaningful(element: Element): boolean {
  const tag = element.tagName;
  if (
    [
      'INPUT',
      'TEXTAREA',
      'BUTTON',
      'A',
      'TABLE',
      'TR',
      'TH',
      'TD',
      'LABEL',
      'H2',
      'svg',
      'rect',
      'circle',
      'polyline',
      'path',
      'LI',
    ].includes(tag)
  )
    return true;
  return attributes(element) !== '';
}

/** The normalised text of `root`. */
export function serializeDom(root: Element): string {
  const lines: string[] = [];
  const walk = (node: Node, depth: number): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) lines.push(`${'  '.repeat(depth)}"${text}"`);
      return;
    }
    if (!(node instanceof Element) || SKIPPED.has(node.tagName)) return;
    // Hidden steps and closed popups still count: their content is part of the page.
    if (node.tagName === 'svg' && node.classList.contains('anticon')) return;
    if (node.closest('.anticon')) return;
    const meaningful = isMeaningful(node);
    if (meaningful) {
      const attrs = attributes(node);
      lines.push(`${'  '.repeat(depth)}<${node.tagName.toLowerCase()}${attrs ? ` ${attrs}` : ''}>`);
    }
    for (const child of node.childNodes) walk(child, meaningful ? depth + 1 : depth);
  };
  walk(root, 0);
  return `${lines.join('\n')}\n`;
}
