import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { pdfText } from '../pdfText';
import { cell, chinaDate, confirm, follow, succeeded } from './creditUi';
import { expectNoErrors, test, watchPage } from './fixtures';
import { schemaPage } from './pageObjects';
import { useSigningAgent } from './signingAgent';

/**
 * Contracts are dated by the China day of the moment they are signed (DESIGN.md section 13): a standard
 * factoring contract signed by the creditor's director at 23:30 China time, and its 确认书 signed by the
 * debtor's director at 00:30 the next day, each on a server whose business clock starts then (CLOCK_START,
 * server/clock.ts); 协议管理, the record's 操作记录 and the signed PDF show that China day. (Every other place
 * a date is written, the export and the SMS included: tests/server/chinaTime.test.ts.)
 */
export const SIGNINGS = {
  late: {
    at: '23:30',
    day: chinaDate(0),
    user: 'chain_director',
    key: 'chain_director-sm2',
    list: '/cv3/factoring/forward/contract/sign/list',
    action: 'sign',
    question: '确认使用UKEY签署国内商业保理合同？',
    success: '合同已签署，等待债务人签署',
    step: '债权人签署',
    document: { key: 'contractPdf', title: '国内商业保理合同' },
    signer: '乙方（债权人）：华建建材供应有限公司',
  },
  afterMidnight: {
    at: '00:30',
    day: chinaDate(1),
    user: 'core_director',
    key: 'core_director-rsa',
    list: '/cv3/factoring/forward/contract/sign/owner/list',
    action: 'ownerSign',
    question: '确认使用UKEY签署应收账款转让申请暨确认书？',
    success: '确认书已签署，等待保理商放款',
    step: '债务人签署',
    document: { key: 'assignmentPdf', title: '应收账款转让申请暨确认书' },
    signer: '债务人：华建集团第一工程局有限公司',
  },
} as const;

type Signing = (typeof SIGNINGS)[keyof typeof SIGNINGS];

/**
 * The test of one signing, in a spec file of its own: a spec file's server settings apply to all of its
 * tests (Playwright starts a worker per setting), so each signing time has its file.
 */
export function contractSignedAt(s: Signing): void {
  // The file's own server, its business clock started at that China time (the signing follows within
  // minutes, well before the hour ends).
  test.use({ serverEnv: { CLOCK_START: `${s.day}T${s.at}:00+08:00` } });
  // Each test opens its own page first: a saved session is checked by an API call, not the home page.
  const keys = useSigningAgent({ blank: true });
  const hour = s.at.slice(0, 2);

  test(`${s.user} signs it: dated ${hour}:xx that China day in 协议管理, 操作记录 and the PDF`, async ({
    browser,
  }) => {
    const page = await keys.as(s.user, browser);
    const watch = watchPage(page);
    keys.insertOnly(s.key);
    await page.goto(s.list);
    // The first loan waiting for this signature (the seed has one for each).
    const waiting = page.locator('tr[data-testid^="row-"]').first();
    const loanNo = (await cell(waiting, 'loanNo').innerText()).trim();
    expect(loanNo).toMatch(/^\S+$/);
    await waiting.getByTestId(`action-row-${s.action}`).click();
    await confirm(page, s.question);
    await succeeded(page, s.success);

    // The record's 操作记录: the signing step at that China day and hour.
    await page.getByTestId('tab-all').click();
    const line = page.locator('tr[data-testid^="row-"]').filter({ hasText: loanNo });
    await line.getByTestId('action-row-detail').click();
    await follow(page, /\/factoring\/forward\/loan\/apply\/detail\?id=/);
    const signed = page
      .getByTestId('audit-log')
      .locator('tr')
      .filter({ has: page.getByRole('cell', { name: s.step, exact: true }) });
    await expect(signed).toContainText(new RegExp(`${s.day} ${hour}:[0-5]\\d:[0-5]\\d`));
    const contractNo = (await page.getByTestId('detail-apply-factoringContractNo').innerText()).trim();
    expect(contractNo).toMatch(/^BL\d+$/);

    // The signed document: this signer's signature dated that China day.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`action-detail-${s.document.key}`).click(),
    ]);
    expect(download.suggestedFilename()).toContain(s.document.title);
    const text = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain(`${s.signer}已使用UKEY电子签名日期：${s.day}`);

    // 协议管理: the contract, signed at that China day and hour.
    const protocols = schemaPage(page, '/my/protocol/index');
    await protocols.goto();
    const agreement = protocols.row({ 协议编号: contractNo });
    await expect(protocols.cell(agreement, '签署时间')).toHaveText(new RegExp(`^${s.day} ${hour}:[0-5]\\d`));
    await expectNoErrors(watch);
  });
}
