import { expect, type Page } from '@playwright/test';
import { choose, closePages, confirm, follow, row, succeeded, userPage } from './creditUi';
import { apiGet, expectNoErrors, test, watchPage } from './fixtures';

/**
 * The ABS finance-data pages (融资资料) clicked through as their users use them: the supplier's operator
 * registers a document for an asset waiting for its transfer (create/finance), opens the upload page of
 * its category from the list (index/finance → upload/auth), uploads the file onto the registered record
 * (a file of a refused type is refused on screen), finishes on upload/success; the server holds one
 * document with its file; the core director and the plan manager see it (detail, index/finance); the
 * supplier removes another registration (已删除). The ABS documents have no review step of their own:
 * they are checked when the transfer they belong to is reviewed and signed (abs.spec.ts).
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });
test.afterEach(closePages);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const FILE = `E2E授权书-${Date.now()}.pdf`;

interface Doc {
  id: string;
  category: string;
  fileId?: string | null;
  fileName?: string | null;
  status: string;
}

async function documentsOf(page: Page, assetId: string): Promise<Doc[]> {
  const res = await apiGet(page, '/biz/v1/models/absDocument/records', { assetId, size: '100' });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { list: Doc[] } }).data.list;
}

let asset = { id: '', assetNo: '' };

test('the supplier registers a finance document and uploads its file on the page of its category', async ({
  browser,
}) => {
  const page = await userPage(browser, 'chain_operator', { to: '/cv3/abs/index/finance' });
  const watch = watchPage(page);
  await expect(page.getByTestId('schema-page')).toHaveCount(1);
  // A seeded ABS asset of the supplier waiting for its transfer (T02), with no authorisation filed yet.
  const res = await apiGet(page, '/biz/v1/models/absAsset/records', {
    product: 'abs',
    status: 'T02',
    size: '100',
  });
  const waiting = ((await res.json()) as { data: { list: Array<typeof asset & { confirmNo: string }> } }).data
    .list;
  const candidates = [];
  for (const a of waiting.filter((x) => x.confirmNo.startsWith('FQ2')))
    if (!(await documentsOf(page, a.id)).some((d) => d.category === 'auth')) candidates.push(a);
  asset = candidates[0]!;
  expect(asset?.assetNo).toMatch(/^AS/);

  await page.getByTestId('action-toolbar-create').click();
  await follow(page, /\/abs\/create\/finance$/);
  await choose(page, 'field-assetId', asset.assetNo);
  await choose(page, 'field-category', '授权书');
  await page.getByTestId('action-form-save').click();
  await succeeded(page, '已保存，请上传文件');
  await expect(page).toHaveURL(/\/abs\/index\/finance$/);
  let docs = (await documentsOf(page, asset.id)).filter((d) => d.category === 'auth');
  expect(docs).toHaveLength(1);
  expect(docs[0]).toMatchObject({ status: 'AD0', fileId: null });

  // The list offers the upload page of the document's category; the file goes onto the registered record.
  const line = row(page, asset.assetNo).filter({ hasText: '授权书' });
  await expect(line).toHaveCount(1);
  await line.getByTestId('action-row-upload').click();
  await follow(page, /\/abs\/upload\/auth\?id=/);
  const slot = page.getByTestId('slot-auth');
  await expect(slot.locator('tbody tr')).toHaveCount(1);
  await slot.getByTestId('action-document-replace').click();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'virus.exe', mimeType: 'application/x-msdownload', buffer: PDF });
  await expect(page.getByTestId('upload-error-auth')).toContainText('不支持的文件类型');
  await slot.getByTestId('action-document-replace').click();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
  await succeeded(page, '文件已替换');
  await expect(slot).toContainText(FILE);
  await expect(slot.locator('tbody tr')).toHaveCount(1);
  await page.getByTestId('action-upload-done').click();
  await follow(page, /\/abs\/upload\/success\?id=/);
  await expect(page.getByText(FILE)).toBeVisible();

  docs = (await documentsOf(page, asset.id)).filter((d) => d.category === 'auth');
  expect(docs).toHaveLength(1);
  expect(docs[0]).toMatchObject({ status: 'AD0', fileName: FILE });
  expect(docs[0]!.fileId).toBeTruthy();
  await expectNoErrors(watch);
});

test('the core director and the plan manager see the filed document', async ({ browser }) => {
  const core = await userPage(browser, 'core_director', { to: `/cv3/abs/detail?id=${asset.id}` });
  const watch = watchPage(core);
  await expect(core.getByText(FILE)).toBeVisible();
  await expectNoErrors(watch);

  const fin = await userPage(browser, 'fin_product_manager', { to: '/cv3/abs/index/finance' });
  const line = row(fin, FILE);
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(asset.assetNo);
  await expect(line.getByTestId('action-row-download')).toBeVisible();
  // Only the supplier's operator registers or removes documents.
  await expect(fin.getByTestId('action-toolbar-create')).toHaveCount(0);
  await expect(line.getByTestId('action-row-remove')).toHaveCount(0);
});

test('the supplier removes a registration made by mistake (已删除)', async ({ browser }) => {
  const page = await userPage(browser, 'chain_operator', { to: '/cv3/abs/create/finance' });
  const watch = watchPage(page);
  await choose(page, 'field-assetId', asset.assetNo);
  await choose(page, 'field-category', '其他');
  await page.getByTestId('action-form-save').click();
  await succeeded(page, '已保存，请上传文件');
  // (A registration removed before stays listed as 已删除.)
  const line = row(page, asset.assetNo).filter({ hasText: '其他' }).filter({ hasText: '已上传' });
  await expect(line).toHaveCount(1);
  await line.getByTestId('action-row-remove').click();
  await confirm(page, '确认删除该资料？');
  await succeeded(page, '已删除');
  const other = (await documentsOf(page, asset.id)).filter((d) => d.category === 'other');
  expect(other.length).toBeGreaterThan(0);
  expect(other.filter((d) => d.status !== 'ADX')).toEqual([]);
  await expectNoErrors(watch);
});
