/**
 * Colours of schema pages with at least 4.5:1 contrast for text (WCAG 2 AA), where antd's defaults
 * fall short: white on the primary (#1677ff, 4.0:1) and danger (#ff4d4f, 3.3:1) buttons, links,
 * placeholders, secondary text (rgba(0,0,0,.45), 4.6:1 only on pure white) and the text of coloured
 * tags (palette step 7 on step 1, e.g. green 3.4:1). Found by the axe runs (tests/e2e/axe.spec.ts).
 */
import type { ThemeConfig } from 'antd';

/** Secondary text: #595959 on white is 7:1. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.65)';
/** Error text and danger buttons: #cf1322 (antd red-7) is 5.6:1 with white. */
export const DANGER_TEXT = '#cf1322';

export const ACCESSIBLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: DANGER_TEXT,
    // Success text (a finished export's progress "12/12"): antd green-7, 7.5:1 on white.
    colorSuccess: '#237804',
    colorTextPlaceholder: '#767676',
    colorTextDescription: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    // Tag text is the palette's step 7: darker steps for the colours dictionaries use.
    green7: '#237804',
    gold7: '#874d00',
    cyan7: '#006d75',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    lime7: '#3f6600',
    yellow7: '#7c6e00',
    geekblue7: '#1d39c4',
  },
};
