import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { PortalClient } from '../../scripts/ukey-agent/portalClient';
import { signRequest } from '../../src/api/signature';
import { expectNoErrors, loginAs, PASSWORD, stopProcess, test, untilAnswers, watchPage } from './fixtures';

/**
 * The core director's approval of a credit voucher issue (creditIssue IS0 → IS1, `"sign": true`) on the
 * schema approve page, signed with a hardware key through the reference signing agent and verified by the
 * real server. The agent runs once for the file; keys are "inserted" by moving their files into its folder
 * and faults are injected through its control endpoint (as in ukey.spec.ts).
 *
 * Which record: the test process asks the API through scripts/ukey-agent/portalClient.ts (the agent's own
 * command-line client, which logs in and signs requests like the portal), as core_query — a read-only user
 * of the same enterprise, so the director's browser session is never touched. Each test takes a fresh IS0
 * record at its start, so it does not depend on which pages or other spec files exist or ran before.
 */
/** The agent of this worker (its portal's creditSignAgent helper port), set before the tests. */
let AGENT_PORT = 0;
let AGENT = '';
/** This worker's portal. */
let portalOrigin = '';
const APPROVE = '/cv3/credit/core/issue/director-approve';
const ACTION = /\/api\/web\/biz\/v1\/models\/creditIssue\/records\/[^/]+\/actions\/approve(\?|$)/;
/** A key file whose certificate is core_director's RSA key but whose private key is another one. */
const FORGED = 'core_director-rsa-forged';

let agent: ChildProcess | null = null;
let root = '';
let inserted = '';
let drawer = '';
let api: PortalClient | null = null;

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

interface Issue {
  id: string;
  issueNo: string;
  status: string;
  version: number;
}

/** The API as core_query (read-only, same enterprise as the director). */
async function portalApi(): Promise<PortalClient> {
  if (!api) {
    const client = new PortalClient(portalOrigin);
    await client.login('core_query', PASSWORD);
    api = client;
  }
  return api;
}

/** An issue application waiting for the director (IS0) of the core enterprise. */
async function pendingIssue(): Promise<Issue> {
  const { list } = await (
    await portalApi()
  ).get<{ list: Issue[] }>('/biz/v1/models/creditIssue/records?status=IS0&size=100');
  const issue = list.find((i) => i.status === 'IS0');
  expect(issue, 'the demo world holds an IS0 issue application').toBeDefined();
  return issue!;
}

async function statusOf(id: string): Promise<string> {
  return (await (await portalApi()).get<Issue>(`/biz/v1/models/creditIssue/records/${id}`)).status;
}

/** Opens the approve page of `issue` and waits for the record. */
async function openIssue(page: Page, issue: Issue): Promise<void> {
  await page.goto(`${APPROVE}?id=${issue.id}`);
  await expect(page.getByTestId('detail-apply-issueNo')).toHaveText(issue.issueNo);
  await expect(page.getByTestId('detail-apply-status')).toHaveText('待签发');
}

/** 通过 → the confirmation → the UKEY signing dialog (returned). */
async function clickApprove(page: Page): Promise<Locator> {
  // The signing action is the one UKEY sign button (UkeySignTrigger: its key icon, `data-ukey-sign`).
  const button = page.getByTestId('action-approve-approve');
  await expect(button).toHaveAttribute('data-ukey-sign', '');
  await expect(button.locator('.anticon-safety-certificate')).toBeVisible();
  await button.click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: '确认通过该签发申请？通过后将冻结相应签发额度。' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  return page.getByRole('dialog', { name: 'UKEY签名' });
}

/** The flow messages listed in the signing dialog, in order. */
async function flowMessages(dialog: Locator): Promise<string[]> {
  return (await dialog.getByTestId('sign-progress').getByRole('listitem').allInnerTexts()).map((t) =>
    t.trim(),
  );
}

/** Counts the approve calls the page sends to the server. */
function countApproveCalls(page: Page): { count: number } {
  const calls = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && ACTION.test(r.url())) calls.count++;
  });
  return calls;
}

/** After a reload the record is still waiting for the director, and the server agrees. */
async function expectNotApproved(page: Page, issue: Issue): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('detail-apply-status')).toHaveText('待签发');
  await expect(page.getByTestId('action-approve-approve')).toBeVisible();
  expect(await statusOf(issue.id)).toBe('IS0');
}

test.beforeAll(async ({ portal }) => {
  const baseURL = portal.origin;
  portalOrigin = baseURL;
  AGENT_PORT = portal.helperPort('creditSignAgent');
  AGENT = `http://127.0.0.1:${AGENT_PORT}`;
  root = mkdtempSync(join(tmpdir(), 'credit-sign-e2e-'));
  inserted = join(root, 'inserted');
  drawer = join(root, 'drawer');
  mkdirSync(inserted);
  const init = spawnSync(process.execPath, tsx('--init', drawer, '--server', baseURL), {
    encoding: 'utf8',
    timeout: 60000,
  });
  expect(init.status, `${init.stdout}${init.stderr}`).toBe(0);
  // Our certificate with a private key that is not its own: the agent signs, the signature cannot check.
  const own = JSON.parse(readFileSync(join(drawer, 'core_director-rsa.ukey.json'), 'utf8')) as Record<
    string,
    string
  >;
  const other = JSON.parse(readFileSync(join(drawer, 'unit_director-rsa.ukey.json'), 'utf8')) as Record<
    string,
    string
  >;
  expect(other.privateKey).not.toBe(own.privateKey);
  writeFileSync(
    join(drawer, `${FORGED}.ukey.json`),
    JSON.stringify({ ...own, privateKey: other.privateKey, publicKey: other.publicKey }),
  );
  await startAgent(baseURL);
});

test.afterAll(async () => {
  const running = agent;
  agent = null;
  // Wait for the port to be free: a restarted worker starts its own agent on the same port.
  await stopProcess(running);
  api = null;
  if (root) rmSync(root, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript((url) => window.localStorage.setItem('ukeyAgentUrl', url), AGENT);
  await setFaults([]);
  await loginAs(page, 'core_director');
  await expect(page.getByTestId('current-user')).toHaveText('李志强');
});

test('the director approves an issue by signing with his RSA key through the agent', async ({ page }) => {
  const watch = watchPage(page);
  const issue = await pendingIssue();
  insertOnly('core_director-rsa');
  await openIssue(page, issue);

  // Hold the key's signature (as a user typing the PIN would) to see the flow messages on the way.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`${AGENT}/ukey/v1/sign`, async (route) => {
    await held;
    await route.continue();
  });
  const action = page.waitForResponse((r) => r.request().method() === 'POST' && ACTION.test(r.url()));
  const dialog = await clickApprove(page);
  await expect(dialog.getByText('正在签名，请勿拔出UKEY…')).toBeVisible();
  await expect(dialog.getByTestId('sign-progress').getByRole('listitem').last()).toHaveText(
    '正在签名，请按UKEY提示操作…',
  );
  expect(await flowMessages(dialog)).toEqual([
    '正在检查UKEY驱动…',
    '正在识别UKEY…',
    '正在读取UKEY印刷编号…',
    '正在核对UKEY颁发机构…',
    '正在选择证书…',
    '正在读取UKEY序列号…',
    '正在识别签名算法…',
    '正在读取证书颁发者…',
    '正在读取证书主题…',
    '正在获取签名原文…',
    '正在签名，请按UKEY提示操作…',
  ]);
  release();

  // The page sends the sign record; the server verifies it (scope creditIssue/<id>/approve) and moves on.
  const answer = await action;
  const sent = answer.request().postDataJSON() as {
    version: number;
    signature: { original: string; ukeyNo: string; algorithmType: string };
  };
  expect(sent.version).toBe(issue.version);
  expect(sent.signature.ukeyNo).toBe('CBJ2026000000101');
  expect(sent.signature.algorithmType).toBe('RSA');
  expect(sent.signature.original).toContain(`scope=creditIssue/${issue.id}/approve`);
  expect(sent.signature.original).toContain('user=core_director');
  expect(((await answer.json()) as { code: string }).code).toBe('0');
  await expect(page.getByText('审核通过，已提交终审')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('detail-apply-status')).toHaveText('签发审核中');
  await expect(page.getByTestId('action-approve-approve')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('detail-apply-status')).toHaveText('签发审核中');
  await expect(page.getByTestId('action-approve-approve')).toHaveCount(0);
  expect(await statusOf(issue.id)).toBe('IS1');
  await expectNoErrors(watch);
});

test('each fault of the key or its driver shows its message and approves nothing', async ({ page }) => {
  const issue = await pendingIssue();
  insertOnly('core_director-rsa');
  await openIssue(page, issue);
  const calls = countApproveCalls(page);
  const cases: Array<[string, string]> = [
    ['driver-too-old', 'UKEY驱动不是最新版本'],
    ['no-key', '请检查Ukey是否正确插入。'],
    ['two-keys', '请勿插入多个UKEY'],
    ['print-number', '获取UKEY印刷编号失败'],
    ['unknown-issuer', 'Ukey颁发机构不存在。'],
    ['select-cert', '选择证书失败'],
    ['serial', '获取序列号失败。'],
    ['algorithm', '提取ukey签名算法类型失败'],
    ['issuer-dn', '获取证书颁发者信息失败'],
    ['subject-dn', '获取证书主题信息失败'],
    ['sign', '签名失败。'],
  ];
  // Faults whose key reports a certificate-kit error show its text and code under the message.
  const details: Record<string, string> = { sign: '0x8010006B', 'print-number': '0x80100066' };
  const seen: string[] = [];
  for (const [fault, message] of cases) {
    await setFaults([fault]);
    const dialog = await clickApprove(page);
    const alert = dialog.getByRole('alert');
    // The spec's message first; the key's own detail (kit error code), when it has one, below it.
    await expect(alert.locator('.ant-alert-message'), fault).toHaveText(message);
    await expect(alert, fault).toHaveCount(1);
    if (details[fault])
      await expect(alert.locator('.ant-alert-description'), fault).toContainText(details[fault]);
    const messages = await flowMessages(dialog);
    expect(messages.at(-1), fault).toBe(message);
    expect(messages, fault).not.toContain('签名完成');
    seen.push(`${fault} → ${messages.join(' / ')}`);
    await dialog.getByRole('button', { name: /close|关闭/i }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('detail-apply-status')).toHaveText('待签发');
  }
  expect(calls.count, 'no approve request reaches the server').toBe(0);
  await expectNotApproved(page, issue);
  console.log(`faults and what the director saw:\n${seen.join('\n')}`);
});

test('keys the server does not accept for this enterprise are refused', async ({ page }) => {
  const issue = await pendingIssue();
  await openIssue(page, issue);
  const cases: Array<[string, string, string]> = [
    // Another enterprise's key (supplier 1's director) while the core director approves.
    ['chain_director-sm2', 'SCF.UKEY_NOT_BOUND', '该UKEY未绑定到贵企业，不能用于签名'],
    // The director's old key, revoked.
    ['core_director-old', 'SCF.UKEY_CERT_REVOKED', 'UKEY证书已被吊销'],
  ];
  for (const [key, code, message] of cases) {
    insertOnly(key);
    const action = page.waitForResponse((r) => r.request().method() === 'POST' && ACTION.test(r.url()));
    const dialog = await clickApprove(page);
    const answer = await action;
    expect(((await answer.json()) as { code: string }).code, key).toBe(code);
    await expect(dialog, key).toBeHidden();
    await expect(page.getByText(message), key).toBeVisible();
    await expect(page.getByTestId('detail-apply-status')).toHaveText('待签发');
  }
  await expectNotApproved(page, issue);
});

test('a signature the certificate does not verify is refused by the server', async ({ page }) => {
  const issue = await pendingIssue();
  // The key presents core_director's bound certificate, but signs with a private key that is not its own.
  insertOnly(FORGED);
  await openIssue(page, issue);
  const action = page.waitForResponse((r) => r.request().method() === 'POST' && ACTION.test(r.url()));
  const dialog = await clickApprove(page);
  const answer = await action;
  // A well-formed request (its x-vrandom checks): the UKEY verifier is what refuses it.
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { code: string }).code).toBe('SCF.UKEY_SIGNATURE_INVALID');
  expect((answer.request().postDataJSON() as { signature: { ukeyNo: string } }).signature.ukeyNo).toBe(
    'CBJ2026000000101',
  );
  await expect(dialog).toBeHidden();
  await expect(page.getByText('UKEY签名验证失败')).toBeVisible();
  await expectNotApproved(page, issue);
});

/** Flips one bit of a base64 signature. */
function tamper(signature: string): string {
  const bytes = Buffer.from(signature, 'base64');
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

test('a signature altered on its way to the server is refused', async ({ page }) => {
  const issue = await pendingIssue();
  insertOnly('core_director-rsa');
  await openIssue(page, issue);
  let resign = false;
  await page.route(ACTION, async (route) => {
    const request = route.request();
    const body = request.postDataJSON() as { signature: { signature: string } };
    body.signature.signature = tamper(body.signature.signature);
    const postData = JSON.stringify(body);
    const headers = await request.allHeaders();
    if (resign) {
      // Re-sign the request as the page would, so that only the UKEY signature is wrong.
      const url = new URL(request.url());
      headers['x-vrandom'] = signRequest({
        method: request.method(),
        path: url.pathname,
        rawQuery: url.search.replace(/^\?/, ''),
        body: postData,
        csrfToken: headers['x-csrf-token'] ?? '',
      });
    }
    await route.continue({ postData, headers });
  });

  // Altered without a new request signature: the request signature (over the body) refuses it first.
  let action = page.waitForResponse((r) => r.request().method() === 'POST' && ACTION.test(r.url()));
  let dialog = await clickApprove(page);
  let answer = await action;
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { code: string }).code).toBe('SCF.SIGNATURE_INVALID');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('网络异常，请您稍后重试。')).toBeVisible();
  await expect(page.getByTestId('detail-apply-status')).toHaveText('待签发');

  // Re-signed: the request passes, and the server's UKEY verifier refuses the altered signature.
  resign = true;
  action = page.waitForResponse((r) => r.request().method() === 'POST' && ACTION.test(r.url()));
  dialog = await clickApprove(page);
  answer = await action;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { code: string }).code).toBe('SCF.UKEY_SIGNATURE_INVALID');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('UKEY签名验证失败')).toBeVisible();
  await expectNotApproved(page, issue);
});

test('a key whose print number names another bank approves nothing', async ({ page }) => {
  // Known gap (see the report of this file): the approve page offers no bank choice, so the flow's issuer
  // check (code 12) has nothing to compare with, and the server's verifier does not compare the record's
  // ukeyCode/ukeyBank with the binding's print_number/ukey_bank: the approval goes through today.
  // Remove this line once either refuses it; the test then passes as written.
  const issue = await pendingIssue();
  insertOnly('core_director-rsa');
  await openIssue(page, issue);
  // The key reports a print number with another bank's prefix (102, ICBC) than its CCB binding.
  await setFaults(['issuer-mismatch']);
  const codes: string[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && ACTION.test(r.url()))
      void r.json().then(
        (b: { code: string }) => codes.push(b.code),
        () => codes.push('?'),
      );
  });
  await clickApprove(page);
  // Refused by the flow (no request) or by the server's check of the record against the binding.
  await expect(
    page.getByText(/您选择的UKEY颁发机构与UKEY信息不匹配|签名信息与UKEY证书不一致/).first(),
  ).toBeVisible({ timeout: 5000 });
  for (const code of codes) expect(code).toBe('SCF.UKEY_RECORD_MISMATCH');
  await expectNotApproved(page, issue);
});
