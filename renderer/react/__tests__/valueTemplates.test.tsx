/**
 * Two small display rules of agreement lists (schemas/my/protocol/index.json): a download address taken
 * whole from the row (`{+pdf}` keeps its slashes, `{pdf}` encodes them) and an agreement's text shown as
 * paragraphs.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../parts/conditions';
import { formatText, renderValue } from '../parts/renderValue';

describe('value templates and formats', () => {
  it('keeps the slashes of a {+name} path and encodes a {name} value', () => {
    const row = { code: 'a/b', pdf: '/corp/v1/protocols/PRIVACY' };
    expect(fillTemplate('{+pdf}', row)).toBe('/corp/v1/protocols/PRIVACY');
    expect(fillTemplate('/corp/v1/protocols/{code}', row)).toBe('/corp/v1/protocols/a%2Fb');
    expect(fillTemplate('{+missing}', row)).toBe('');
  });

  it('shows an array of strings as paragraphs', () => {
    const { container } = render(<div>{renderValue(['第一段', '第二段'], { format: 'paragraphs' })}</div>);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['第一段', '第二段']);
    expect(formatText(['第一段', '第二段'], 'paragraphs')).toBe('第一段\n第二段');
  });
});
