import { expect, type Browser, type Page } from '@playwright/test';
import { confirm, money, row, succeeded } from './creditUi';
import { expectNoErrors, loginAs, test, watchPage } from './fixtures';

/**
 * Who is on the other side, and a to-do for every hand-over (server/models/handovers.ts), through the
 * screens: the credit issue's 供应商 picker offers each enterprise with its 统一社会信用代码, searches the
 * server (the typed text goes as `keyword`, 20 options a page) and never offers one the server refuses
 * (supplier 2 has opened nothing); approving the seeded pending white list of the project department makes
 * its two delivery agreements (an effect), and the department's director is asked to sign each: the bell
 * counts two more, and 去处理 opens the agreement. Screenshots of the picker and the bell are attached.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, username);
  await expect(page.getByTestId('notice-bell')).toHaveAttribute('data-unread', /\d+/);
  return page;
}

test('the enterprise picker searches the server and offers only what the server accepts', async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, 'core_operator');
  const watch = watchPage(page);
  const refs = page.waitForRequest((r) => r.url().includes('/refs/supplierCorpId'));
  await page.goto('/cv3/credit/core/issue/apply');
  const asked = new URL((await refs).url());
  expect([asked.searchParams.get('page'), asked.searchParams.get('size')]).toEqual(['1', '20']);
  const select = page.getByTestId('field-supplierCorpId').locator('.ant-select');
  await select.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText([
    '华建建材供应有限公司 · 911100001000044477',
    '华建一局第三项目部 · 92510100MA6DF7Q307',
  ]);
  await page.screenshot({ path: testInfo.outputPath('enterprise-picker.png') });
  // The typed text is searched on the server.
  const searched = page.waitForRequest(
    (r) => r.url().includes('/refs/supplierCorpId') && r.url().includes('keyword'),
  );
  await select.locator('input').fill('项目部');
  expect(new URL((await searched).url()).searchParams.get('keyword')).toBe('项目部');
  await expect(options).toHaveText(['华建一局第三项目部 · 92510100MA6DF7Q307']);
  // Supplier 2 has opened no product: not found by its name either.
  await select.locator('input').fill('恒通');
  await expect(page.locator('.ant-select-dropdown:visible .ant-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoErrors(watch);
});

test('records an effect creates ask their next party: approving a white list asks the director to sign its agreements', async ({
  browser,
}, testInfo) => {
  const director = await signedIn(browser, 'unit_director');
  await director.waitForLoadState('networkidle');
  const before = Number(await director.getByTestId('notice-bell').getAttribute('data-unread'));

  const factor = await signedIn(browser, 'fin_client_manager');
  const watch = watchPage(factor);
  await factor.goto('/cv3/factoring/delivery/whites/white-list/list');
  // The project department's pending application (seeded): 2,000,000.00.
  await factor.getByTestId('tab-pending').click();
  const line = row(factor, money('2000000.00'));
  await line.getByTestId('action-row-approve').click();
  await confirm(factor, '确认该供应商进入到货保理白名单？');
  await succeeded(factor, '白名单已生效');
  await expectNoErrors(watch);

  await director.reload();
  await expect(director.getByTestId('notice-bell')).toHaveAttribute('data-unread', String(before + 2));
  await director.getByTestId('notice-bell').click();
  const items = director.getByTestId('notice-item').filter({ hasText: '到货保理协议待供应商阅读并签署' });
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('审核通过');
  await director.screenshot({ path: testInfo.outputPath('bell.png') });
  await items.first().getByRole('link', { name: '到货保理协议待供应商阅读并签署' }).click();
  await expect(director).toHaveURL(/\/factoring\/delivery\/.+\?\w+=[\w-]+$/);
  // The agreement to read and sign, with its 签署 button.
  await expect(director.getByRole('heading', { name: /三方协议|补充协议/ })).toBeVisible();
  await expect(director.getByRole('button', { name: /签署/ })).toBeVisible();
});
