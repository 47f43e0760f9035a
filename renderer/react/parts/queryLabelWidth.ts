/**
 * The label column of a query form, sized to its longest label so that no label breaks inside a term
 * (专项计划名/称) or ends in an ellipsis: every field of the form lines up on one label width, as wide as
 * the longest title needs (at least the usual 96 px, at most {@link MAX_LABEL_WIDTH}).
 */
import type { FormilyNode, FormilyProperties } from '@renderer/core';

/** The theme's body font size: a CJK character is one em wide, other characters about 0.6 em. */
const FONT_SIZE = 14;
/**
 * What a label needs besides its text: the colon and its margins (2 + 8 px, Formily's form-item style), a
 * required mark or a tooltip icon, and a few pixels that keep a label whose width is rounded on one line.
 */
const LABEL_CHROME = 30;
const TOOLTIP_ICON = 18;
/** The narrowest label column (short labels keep the layout they always had). */
export const MIN_LABEL_WIDTH = 96;
/** The widest: a label beyond it wraps (at a character, the whole text stays visible). */
export const MAX_LABEL_WIDTH = 240;

const isWide = (ch: string): boolean => ch.codePointAt(0)! >= 0x2e80;

/** The width in px of `text` in the body font, by character class (no layout needed, so jsdom agrees). */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += isWide(ch) ? FONT_SIZE : FONT_SIZE * 0.6;
  return Math.ceil(width);
}

/** Every field node of `properties` with a title, at any depth (void containers included). */
function* titledNodes(properties: FormilyProperties | undefined): Generator<FormilyNode> {
  for (const node of Object.values(properties ?? {}) as FormilyNode[]) {
    if (!node || typeof node !== 'object') continue;
    if (typeof node.title === 'string' && node.type !== 'void') yield node;
    yield* titledNodes(node.properties);
  }
}

/** The label width (px) that shows every label of the query form `properties` on one line. */
export function queryLabelWidth(properties: FormilyProperties): number {
  let widest = 0;
  for (const node of titledNodes(properties)) {
    const tooltip = (node['x-decorator-props'] as { tooltip?: unknown } | undefined)?.tooltip;
    widest = Math.max(widest, textWidth(node.title as string) + LABEL_CHROME + (tooltip ? TOOLTIP_ICON : 0));
  }
  return Math.min(MAX_LABEL_WIDTH, Math.max(MIN_LABEL_WIDTH, widest));
}
