import { expect, type Page } from '@playwright/test';
import {
  cell,
  chinaDate,
  choose,
  closePages,
  confirm,
  follow,
  pickDate,
  row,
  type,
  userPage,
} from './creditUi';
import { expectNoErrors, test, watchPage } from './fixtures';

/**
 * Finance documents (融资资料) through the credit upload pages: every document type is uploaded into a
 * draft finance application of supplier 1; a file named .pdf whose content is not a PDF is refused by the
 * server with its Chinese message on screen; an invoice is first registered with its number, amount and
 * date (create/finance), then its file is uploaded. No UKEY is needed here.
 */
test.afterEach(closePages);

const REAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const FAKE_PDF = Buffer.from('this is plain text, not a PDF');
const MISMATCH = '文件内容与扩展名“pdf”不符，请上传真实的pdf文件';

/**
 * On an upload page: a .pdf that is not a PDF is refused by the server and leaves no document behind;
 * the real one makes (or fills) the document, which is then submitted.
 */
async function uploadRefusedThenAccepted(page: Page, slot: string, documentId?: string): Promise<void> {
  const card = page.getByTestId(`slot-${slot}`);
  await expect(card).toBeVisible();
  const pick = (): Promise<void> =>
    documentId
      ? card.locator(`tr[data-row-key="${documentId}"]`).getByTestId('action-document-replace').click()
      : page.getByTestId(`action-upload-pick-${slot}`).click();
  await pick();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: `${slot}-伪造.pdf`, mimeType: 'application/pdf', buffer: FAKE_PDF });
  await expect(page.getByTestId(`upload-error-${slot}`)).toHaveText(MISMATCH);
  // No record is created for a refused file (asserted on the database in tests/server/files.test.ts).
  await expect(card).not.toContainText(`${slot}-伪造.pdf`);
  // 上传文件 creates the document together with its accepted file.
  const uploaded = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/api/web/v1/files'),
  );
  await pick();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: `${slot}-资料.pdf`, mimeType: 'application/pdf', buffer: REAL_PDF });
  const id = documentId ?? ((await (await uploaded).json()) as { data: { recordId: string } }).data.recordId;
  const mine = card.locator(`tr[data-row-key="${id}"]`);
  await expect(mine).toContainText(`${slot}-资料.pdf`);
  await expect(mine).toContainText('待审核');
  await expect(page.getByTestId(`upload-error-${slot}`)).toHaveCount(0);
  await mine.getByTestId('action-document-submit').click();
  if (slot !== 'contract') await confirm(page, '确认提交该资料给金融机构审核？');
  await expect(mine).toContainText('初审中');
}

test('every document type is uploaded; a .pdf that is not a PDF is refused with the server message', async ({
  browser,
}) => {
  // Five slots, each with a refused and an accepted file, then an invoice: a long walk on a busy machine.
  test.slow();
  const page = await userPage(browser, 'chain_operator');
  const watch = watchPage(page);
  const listed = page.waitForResponse(
    (r) => r.url().includes('/models/creditFinance/records') && r.url().includes('status=FI0'),
  );
  await page.goto('/cv3/credit/chain/finance/approve?tab=2');
  const drafts = (
    (await (await listed).json()) as { data: { list: Array<{ id: string; financeNo: string }> } }
  ).data.list;
  const finance = drafts[0];
  expect(finance, 'supplier 1 has a draft finance application').toBeTruthy();
  await row(page, finance!.financeNo).getByTestId('action-row-upload').click();
  await follow(page, new RegExp(`/credit/upload/contract\\?id=${finance!.id}$`));
  await uploadRefusedThenAccepted(page, 'contract');
  for (const slot of ['auth', 'other', 'default']) {
    await page.goto(`/cv3/credit/upload/${slot}?id=${finance!.id}`);
    await uploadRefusedThenAccepted(page, slot);
  }

  // An invoice is registered with its number, amount and date first, then its file is uploaded.
  const invoiceNo = String(Date.now()).slice(-8);
  await page.goto(`/cv3/credit/create/finance?financeId=${finance!.id}`);
  await expect(page.getByTestId('field-financeId')).toContainText(finance!.financeNo);
  await choose(page, 'field-finCorpId', '建信商业保理有限公司');
  await page.getByTestId('field-category').getByText('发票').click();
  await type(page, 'field-title', '增值税专用发票');
  await type(page, 'field-invoiceNo', invoiceNo);
  // Validated before the confirmation is asked.
  await page.getByTestId('action-form-submit').click();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  // An 8-digit number needs the invoice code (linkage); amount and date are required for an invoice.
  await expect(page.getByTestId('field-invoiceCode')).toContainText('该字段是必填字段');
  await expect(page.getByTestId('field-invoiceAmount')).toContainText('该字段是必填字段');
  await type(page, 'field-invoiceCode', '044001900111');
  await type(page, 'field-invoiceAmount', '12345.67');
  await pickDate(page, 'field-invoiceDate', chinaDate(-10));
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/models\/financeDocument\/records(\?|$)/.test(r.url()),
  );
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认保存该融资资料？');
  const invoiceDoc = ((await (await saved).json()) as { data: { id: string; status: string } }).data;
  expect(invoiceDoc.status).toBe('DS0');
  await follow(page, new RegExp(`/credit/upload/success\\?id=${finance!.id}$`));
  await expect(page.getByTestId('detail-finance-financeNo')).toHaveText(finance!.financeNo);
  await page.getByTestId('action-detail-uploadInvoice').click();
  await follow(page, new RegExp(`/credit/upload/invoice\\?id=${finance!.id}$`));
  await uploadRefusedThenAccepted(page, 'invoice', invoiceDoc.id);

  await page.goto('/cv3/credit/index/finance');
  await page.getByTestId('query-invoiceNo').locator('input').fill(invoiceNo);
  await page.getByTestId('action-query-search').click();
  const invoice = row(page, 'invoice-资料.pdf');
  await expect(cell(invoice, 'category')).toHaveText('发票');
  await expect(cell(invoice, 'status')).toHaveText('初审中');
  await expectNoErrors(watch);
});
