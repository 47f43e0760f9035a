import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { agreeAfterReading, cell, chinaDate, confirm, follow, row, succeeded, userPage } from './creditUi';
import { expectNoErrors, test, watchPage } from './fixtures';
import { schemaPage } from './pageObjects';
import { useSigningAgent } from './signingAgent';

/**
 * 用户签约 and 产品文档 of factoring through the UI: the core group (the one demo enterprise not yet
 * signed) has its director read the service agreement to its end and sign it with the UKEY; the signed
 * agreement is then listed under 协议管理 and its text downloads as PDF. A factor downloads a contract
 * template from the documentation page.
 */
test.describe.configure({ mode: 'serial' });

const TITLE = '《保理业务用户服务协议》';

/** Clicks `link`, waits for the download, checks that it is a PDF and gives its file name. */
async function downloadedPdf(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  return download.suggestedFilename();
}
const keys = useSigningAgent();

test('the core director reads the service agreement to its end and signs it with the UKEY', async ({
  browser,
}) => {
  test.setTimeout(120_000); // a signature
  const director = await keys.as('core_director', browser);
  const watch = watchPage(director);
  keys.insertOnly('core_director-rsa');
  await director.goto('/cv3/factoring/user-sign');
  await expect(director.getByTestId('schema-page')).toContainText('暂无数据');
  await director.getByTestId('action-toolbar-sign').click();
  await follow(director, /\/factoring\/user-sign\/agreement$/);
  await agreeAfterReading(director);
  await director.getByTestId('action-form-sign').click();
  await confirm(director, `确认使用UKEY签署${TITLE}？`);
  await succeeded(director, `${TITLE}已签署`);
  await follow(director, /\/factoring\/user-sign$/);
  const line = row(director, '华建集团第一工程局有限公司');
  await expect(cell(line, 'status')).toHaveText('已签约');
  await expect(cell(line, 'signerName')).toHaveText('李志强');
  await expect(cell(line, 'signDate')).toHaveText(chinaDate(0));
  await expectNoErrors(watch);

  // 协议管理 lists it; its PDF downloads.
  const protocols = schemaPage(director, '/my/protocol/index');
  await protocols.goto();
  const protocol = protocols.row(TITLE);
  await expect(protocol).toBeVisible();
  expect(await downloadedPdf(director, protocols.action('下载', protocol))).toBe('保理业务用户服务协议.pdf');
});

test('a factor downloads a contract template from the product documentation', async ({ browser }) => {
  const page = await userPage(browser, 'fin_client_manager', { to: '/cv3/factoring/joint/documentation' });
  const watch = watchPage(page);
  const line = row(page, '国内商业保理合同（范本）');
  await expect(cell(line, 'variantName')).toHaveText('联合保理');
  expect(await downloadedPdf(page, line.getByTestId('action-row-download'))).toBe(
    '国内商业保理合同范本-V2026.1.pdf',
  );
  await expect(row(page, '联合保理产品规则')).toBeVisible();
  await expectNoErrors(watch);
});
