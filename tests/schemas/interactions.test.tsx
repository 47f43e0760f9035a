/**
 * Interaction snapshots through the testers' render helper (tests/schemas/renderPage.tsx): a page is
 * rendered as a role, a user's action is played, and what the page then shows is a snapshot. Accept a
 * changed one with `npm run schemas:accept` or `vitest run --project schemas <this file> -u`.
 */
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from './renderPage';

afterEach(cleanup);

describe('interaction snapshots', () => {
  it('单笔新增 submitted empty: each required field says so, and nothing is sent', async () => {
    const view = await renderPage('/abs/core/issue/engineer/single-add', { role: 'ROLE_CORE_OPERATOR' });
    const before = view.backend.log.length;
    fireEvent.click(view.button('form', 'save'));
    await view.settle();
    const errors = [...view.container.querySelectorAll('.ant-formily-item-help')].map((e) => e.textContent);
    expect(errors.length).toBeGreaterThan(2);
    expect(errors.every((e) => e === '该字段是必填字段')).toBe(true);
    expect(view.backend.log.slice(before).filter((l) => !l.startsWith('GET '))).toEqual([]);
    await expect(view.text()).toMatchFileSnapshot(
      '__snapshots__/interactions/abs-single-add.submitted-empty.txt',
    );
  });

  it('the delivery-factoring agreement pages opened without an id say 缺少记录编号 and lead back', async () => {
    for (const route of [
      '/factoring/delivery/agreement/supplemental',
      '/factoring/delivery/agreement/tripartite',
    ]) {
      const view = await renderPage(route, { query: {} });
      expect(view.container.textContent, route).toContain('缺少记录编号');
      expect(view.container.textContent, route).toContain('返回选择记录');
      expect(view.container.querySelector('.ant-spin-spinning'), route).toBeNull();
      cleanup();
    }
  });

  it('renderPage names a route that has no page', async () => {
    await expect(renderPage('/abs/no/such/page')).rejects.toThrow(
      'no page schema for the route /abs/no/such/page',
    );
  });
});
