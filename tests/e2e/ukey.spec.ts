import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoErrors, loginAs, stopProcess, test, untilAnswers, watchPage } from './fixtures';
import { schemaPage } from './pageObjects';

/**
 * UKEY signing in Chromium through the reference signing agent (scripts/ukey-agent), started here with key
 * files made by its --init from the running server. Keys are "inserted" by moving their files into the
 * agent's folder; faults are injected through the agent's control endpoint.
 */
/** The agent of this worker (its portal's ukeyAgent helper port), set before the tests. */
let AGENT_PORT = 0;
let AGENT = '';
const LIST = '/cv3/my/enterprise-info/ukey/list';

let agent: ChildProcess | null = null;
let root = '';
let inserted = '';
let drawer = '';

const tsx = (...args: string[]): string[] => ['--import', 'tsx', 'scripts/ukey-agent/main.ts', ...args];

function insertOnly(...labels: string[]): void {
  for (const f of readdirSync(inserted)) renameSync(join(inserted, f), join(drawer, f));
  for (const label of labels)
    renameSync(join(drawer, `${label}.ukey.json`), join(inserted, `${label}.ukey.json`));
}

async function setFaults(faults: string[]): Promise<void> {
  const res = await fetch(`${AGENT}/control/faults`, { method: 'PUT', body: JSON.stringify({ faults }) });
  expect(res.status).toBe(200);
}

async function startAgent(origin: string): Promise<void> {
  agent = spawn(process.execPath, tsx('--keys', inserted, '--port', String(AGENT_PORT), '--origin', origin), {
    stdio: 'ignore',
  });
  await untilAnswers(`${AGENT}/control/status`);
}

async function stopAgent(): Promise<void> {
  const running = agent;
  agent = null;
  await stopProcess(running);
}

/** Picks a bank in the antd select of the test-signature panel. */
async function chooseBank(page: Page, name: string): Promise<void> {
  await page.getByTestId('ukey-bank-select').click();
  await page.locator(`.ant-select-item-option[title="${name}"]`).click();
  await expect(page.getByTestId('ukey-bank-select')).toContainText(name);
}

async function testSign(page: Page): Promise<string> {
  await page.getByTestId('ukey-test-sign').click();
  const result = page.getByTestId('ukey-sign-result');
  await expect(result).toBeVisible();
  return (await result.innerText()).replace(/\s+/g, ' ');
}

test.beforeAll(async ({ portal }) => {
  const baseURL = portal.origin;
  AGENT_PORT = portal.helperPort('ukeyAgent');
  AGENT = `http://127.0.0.1:${AGENT_PORT}`;
  root = mkdtempSync(join(tmpdir(), 'ukey-e2e-'));
  inserted = join(root, 'inserted');
  drawer = join(root, 'drawer');
  mkdirSync(inserted);
  const init = spawnSync(process.execPath, tsx('--init', drawer, '--server', baseURL), {
    encoding: 'utf8',
    timeout: 60000,
  });
  expect(init.status, `${init.stdout}${init.stderr}`).toBe(0);
  expect(readdirSync(drawer).sort()).toEqual([
    'chain_director-sm2.ukey.json',
    'core_director-old.ukey.json',
    'core_director-rsa.ukey.json',
    'core_director-sm2.ukey.json',
    'fin2_product_manager-sm2.ukey.json',
    'fin_product_manager-sm2.ukey.json',
    'unit_director-rsa.ukey.json',
  ]);
  await startAgent(baseURL);
});

test.afterAll(async () => {
  await stopAgent();
  if (root) rmSync(root, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript((url) => window.localStorage.setItem('ukeyAgentUrl', url), AGENT);
  await setFaults([]);
});

test('the ukey list shows the enterprise keys with their columns', async ({ page }) => {
  const watch = watchPage(page);
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
  const list = schemaPage(page, '/my/enterprise-info/ukey/list');
  await list.goto();
  for (const header of [
    '介质编号',
    '证书序列号',
    '颁发机构',
    '算法',
    '生效日期',
    '到期日期',
    '状态',
    '持有人',
  ] as const)
    await expect(list.column(header)).toBeVisible();
  await expect(list.cell(list.row('CBJ2026000000101'), '状态')).toHaveText('正常');
  await expect(list.cell(list.row('CBG260000102'), '算法')).toHaveText('SM2（国密）');
  await expect(list.cell(list.row('CBJ2024000000099'), '状态')).toHaveText('已吊销');
  await expect(list.rows()).toHaveCount(3);
  // GET /corp/v1/corps/state-ca/is-normal (spec section 7): the enterprise holds a usable key.
  await expect(page.getByTestId('ukey-ca-state')).toHaveText('企业证书状态正常');
  await expectNoErrors(watch);
});

test('signs with the RSA key and then the SM2 key; the server verifies both', async ({ page }) => {
  const watch = watchPage(page);
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
  await page.goto(LIST);
  await expect(page.getByTestId('ukey-bank-select')).toContainText('中国建设银行');

  insertOnly('core_director-rsa');
  const rsa = await testSign(page);
  expect(rsa).toContain('签名验证通过');
  await expect(page.getByTestId('ukey-sign-algorithm')).toHaveText('RSA-2048');
  expect(rsa).toContain('CBJ2026000000101');

  insertOnly('core_director-sm2');
  const sm2 = await testSign(page);
  expect(sm2).toContain('签名验证通过');
  await expect(page.getByTestId('ukey-sign-algorithm')).toHaveText('SM2（国密）');
  expect(sm2).toContain('CBG260000102');
  await expectNoErrors(watch);
});

test('each injected fault shows its message', async ({ page }) => {
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
  await page.goto(LIST);
  insertOnly('core_director-rsa');
  const cases: Array<[string, string, string?]> = [
    ['driver-too-old', 'UKEY驱动不是最新版本', '最低版本2.3.0'],
    ['no-key', '请检查Ukey是否正确插入。'],
    ['two-keys', '请勿插入多个UKEY'],
    ['print-number', '获取UKEY印刷编号失败', '0x80100066'],
    ['unknown-issuer', 'Ukey颁发机构不存在。'],
    ['issuer-mismatch', '您选择的UKEY颁发机构与UKEY信息不匹配'],
    ['select-cert', '选择证书失败', '用户取消了操作（错误码：0x800704C7）'],
    ['serial', '获取序列号失败。', '密钥容器不存在'],
    ['algorithm', '提取ukey签名算法类型失败', '0x80090008'],
    ['issuer-dn', '获取证书颁发者信息失败', '0x80092002'],
    ['subject-dn', '获取证书主题信息失败', '0x80092004'],
    ['sign', '签名失败。', 'UKEY密码（PIN码）错误（错误码：0x8010006B）'],
  ];
  const seen: string[] = [];
  for (const [fault, message, detail] of cases) {
    await setFaults([fault]);
    const text = await testSign(page);
    seen.push(`${fault} → ${text}`);
    expect(text, fault).toContain(message);
    if (detail) expect(text, fault).toContain(detail);
    expect(text, fault).not.toContain('签名验证通过');
  }
  await setFaults([]);
  expect(await testSign(page)).toContain('签名验证通过');
  test.info().annotations.push({ type: 'faults', description: seen.join('\n') });
  console.log(`faults tried and what the user saw:\n${seen.join('\n')}`);
});

test('keys are inserted and removed as files; a wrong bank or a foreign key is refused', async ({ page }) => {
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
  await page.goto(LIST);
  insertOnly();
  expect(await testSign(page)).toContain('请检查Ukey是否正确插入。');
  insertOnly('core_director-rsa', 'core_director-sm2');
  expect(await testSign(page)).toContain('请勿插入多个UKEY');

  insertOnly('core_director-rsa');
  await chooseBank(page, '中国工商银行');
  const mismatch = await testSign(page);
  expect(mismatch).toContain('您选择的UKEY颁发机构与UKEY信息不匹配');
  // The user reads the message; the flow code stays on the element, the agent's address is not shown.
  await expect(page.getByTestId('ukey-sign-result')).toHaveAttribute('data-flow-code', '12');
  await expect(page.locator('body')).not.toContainText('流程码');
  await expect(page.locator('body')).not.toContainText(AGENT);
  await expect(page.locator('body')).not.toContainText('127.0.0.1');

  // A key of another enterprise signs, but the server refuses it.
  insertOnly('chain_director-sm2');
  const foreign = await testSign(page);
  expect(foreign).toContain('该UKEY未绑定到贵企业，不能用于签名');
  await expect(page.getByTestId('ukey-sign-result')).toHaveAttribute(
    'data-server-code',
    'SCF.UKEY_NOT_BOUND',
  );

  // The revoked key is refused by the server too.
  insertOnly('core_director-old');
  await chooseBank(page, '中国建设银行');
  expect(await testSign(page)).toContain('UKEY证书已被吊销');
});

test('ukey identification: card-number entry, then a signature with the key', async ({ page }) => {
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
  const identify = schemaPage(page, '/register/abs/identify/ukey');
  await identify.goto();
  // The enterprise holds a CCB key: the binding check answers true, so the card number is asked for.
  await expect(identify.field('建设银行卡号')).toBeVisible();
  await identify.fill('建设银行卡号', '6227000000000012345');
  await expect(identify.error('建设银行卡号')).toHaveText('请输入正确的银行卡号');
  await identify.fill('UKEY颁发银行', '中国建设银行');
  insertOnly('core_director-sm2');
  // A wrong card number stops the identification before the key is asked to sign.
  await identify.click('UKEY认证');
  await expect(identify.error('建设银行卡号')).toHaveText('请输入正确的银行卡号');
  await expect(page.getByRole('dialog', { name: 'UKEY签名' })).toHaveCount(0);
  await identify.fill('建设银行卡号', '6227000000000012347');
  await expect(identify.error('建设银行卡号')).toHaveCount(0);
  await identify.click('UKEY认证');
  await expect(page.getByTestId('schema-page')).toContainText('UKEY认证成功');
  await expect(page.getByTestId('schema-page')).toContainText('贵企业的UKEY签名已通过平台验证。');
});

test('soft key: identify/index goes to soft-key; an SM2 and an RSA soft key are made, kept and verified', async ({
  page,
}) => {
  const watch = watchPage(page);
  await loginAs(page, 'chain_director');
  await expect(page.getByTestId('current-user')).toHaveText('刘海峰');
  // The page asks whether the certificate kit is switched on (spec section 7; on in the demo).
  const controls = page.waitForResponse(/\/api\/web\/v1\/auth\/cfca\/controls\/enable/);
  await page.goto('/cv3/register/abs/identify/index');
  await expect(page).toHaveURL(/\/cv3\/register\/abs\/identify\/soft-key$/);
  expect(((await (await controls).json()) as { data: unknown }).data).toBe(true);
  await expect(page.getByTestId('soft-key-disabled')).toHaveCount(0);
  await page.getByTestId('soft-key-create').click();
  await expect(page.getByTestId('soft-key-info')).toContainText(/SKG\d{9}/);
  await expect(page.getByTestId('soft-key-info')).toContainText('SM2（国密）');
  await page.getByTestId('soft-key-verify').click();
  await expect(page.getByTestId('identify-success')).toContainText('身份认证成功');
  await expect(page.getByTestId('identify-success')).toContainText('SM2（国密）');

  // Kept in IndexedDB across a reload; replaced by an RSA key (non-extractable WebCrypto key).
  await page.reload();
  await expect(page.getByTestId('soft-key-info')).toContainText(/SKG\d{9}/);
  await page.getByRole('radio', { name: 'RSA-2048' }).check();
  await page.getByTestId('soft-key-create').click();
  await expect(page.getByTestId('soft-key-info')).toContainText(/SKJ\d{13}/);
  await page.getByTestId('soft-key-verify').click();
  await expect(page.getByTestId('identify-success')).toContainText('RSA-2048');
  await expectNoErrors(watch);

  // The soft key shows in the enterprise's key list.
  const list = schemaPage(page, '/my/enterprise-info/ukey/list');
  await list.goto();
  await expect(list.cell(list.rows().filter({ hasText: /SKJ\d{13}/ }), '颁发机构')).toHaveText('平台软证书');
  await expect(list.cell(list.rows().filter({ hasText: /SKG\d{9}/ }), '状态')).toHaveText('已解绑');
});

test('an operator applies for a key and sees the application', async ({ page }) => {
  await loginAs(page, 'core_operator');
  await expect(page.getByTestId('current-user')).toHaveText('张建国');
  const apply = schemaPage(page, '/my/enterprise-info/ukey/apply');
  await apply.goto();
  await apply.click('提交申请');
  await expect(apply.error('颁发银行')).toBeVisible();
  await expect(apply.error('联系手机')).toBeVisible();
  await apply.fill('颁发银行', '中国建设银行');
  await apply.fill('持有人', '李志强');
  await apply.fill('联系手机', '12345678901');
  await expect(apply.error('联系手机')).toHaveText('请输入正确的手机号码');
  await apply.fill('联系手机', '13800000002');
  await apply.fill('申请原因', '主管岗签名用UKEY');
  await apply.click('提交申请');
  await expect(page).toHaveURL(/\/cv3\/my\/enterprise-info\/ukey\/apply-detail\?id=[^&]+$/);
  const detail = schemaPage(page, '/my/enterprise-info/ukey/apply-detail');
  await expect(detail.detail('申请状态')).toHaveText('已提交');
  await expect(detail.detail('持有人')).toHaveText('李志强');
  await expect(detail.detail('联系手机')).toHaveText('1380****0002');
  await expect(detail.detail('申请人')).toHaveText('张建国');
  // The application is listed on the apply page, where 查看 opens it again.
  await detail.click('返回申请');
  await expect(apply.row({ 持有人: '李志强', 状态: '已提交' })).toHaveCount(1);
  await apply.click('查看', apply.row({ 持有人: '李志强' }));
  await expect(detail.detail('颁发银行')).toHaveText('中国建设银行');
});

test('with the agent stopped the driver version cannot be read', async ({ page }) => {
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
  await page.goto(LIST);
  await stopAgent();
  expect(await testSign(page)).toContain('获取驱动版本号失败');
});
