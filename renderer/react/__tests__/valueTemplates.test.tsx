/**
 * Two small display rules of agreement lists (schemas/my/protocol/index.json): a download address taken
 * whole from the row (`{+pdf}` keeps its slashes, `{pdf}` encodes them) and an agreement's text shown as
 * paragraphs; a dictionary column holding several values (the products a supplier opened).
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

  it('shows several values of a dictionary as a tag each, and none as the long dash', () => {
    const items = [
      { value: 'credit', label: '信用凭证' },
      { value: 'abs', label: 'ABS' },
    ];
    const { container } = render(<div>{renderValue(['abs', 'credit'], { enum: items })}</div>);
    expect([...container.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual([
      'ABS',
      '信用凭证',
    ]);
    const empty = render(<div data-testid="empty">{renderValue([], { enum: items })}</div>);
    expect(empty.getByTestId('empty').textContent).toBe('——');
  });
});
