import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/api/constants';
import { AGREEMENT_BOOKS, SMS_SENT_MESSAGES } from '../../contract/registration';
import { creditCodeCheckChar, VALIDATION_MESSAGES } from '../../renderer/core/validators';
import { expectNoErrors, loginAs, smsCodeOf, test, watchPage } from './fixtures';
import { schemaPage } from './pageObjects';

/**
 * README, Registration, logged out: register an enterprise end to end (bad inputs refused first), log in as it and
 * apply to open a product; reset its password and see the old session end; verify the legal person by the
 * emulated face check on a phone-sized page. One enterprise goes through all three, in order.
 */
test.describe.configure({ mode: 'serial' });

const stamp = String(Date.now()).slice(-8);
const creditBody = `91310115MA1${stamp.slice(-6)}`;
const enterprise = {
  name: `上海恒泰建筑劳务有限公司${stamp.slice(-4)}`,
  creditCode: creditBody + creditCodeCheckChar(creditBody),
  legalName: '王建平',
  legalIdCard: '11010519491231002X',
  username: `ht_${stamp}`,
  contactName: '陈晓',
  mobile: `139${stamp}`,
  password: 'Hengtai@2026',
};
const NEW_PASSWORD = 'Hengtai#2027x';

/** The agreements read one by one (each opened and closed with 我已阅读), then accepted. */
async function acceptAgreements(page: Page, consent: Locator, checkText = false): Promise<void> {
  await expect(consent.getByRole('checkbox')).toBeDisabled();
  for (const book of AGREEMENT_BOOKS) {
    await consent.getByRole('link', { name: book.title }).click();
    const dialog = page.getByRole('dialog', { name: book.title });
    if (checkText) await expect(dialog).toContainText(book.paragraphs[0]!);
    await dialog.getByRole('button', { name: '我已阅读' }).click();
    await expect(dialog).toBeHidden();
  }
  await consent.getByRole('checkbox').check();
}

/** Asks for the SMS code of the form's phone and types it in. */
async function typeSmsCode(
  form: { field(title: '短信验证码'): Locator; fill(title: '短信验证码', value: string): Promise<void> },
  page: Page,
  mobile: string,
): Promise<void> {
  const send = form.field('短信验证码').getByRole('button');
  await send.click();
  await expect(send).toContainText('秒后重新获取');
  await form.fill('短信验证码', await smsCodeOf(page, mobile));
}

const failed = (page: Page, message: string) =>
  expect(page.locator('.ant-message').getByText(message).first()).toBeVisible();

test('registers an enterprise, refusing a bad credit code, ID card and weak password first; its user opens a product', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto('/cv3/login/login');
  await page.getByRole('link', { name: '企业注册' }).click();
  await expect(page).toHaveURL(/\/cv3\/register\/register$/);
  const reg = schemaPage(page, '/register/register');
  await expect(page.getByTestId('schema-page')).toBeVisible();

  await reg.fillAll({
    企业名称: enterprise.name,
    统一社会信用代码: '91350100M000100Y44',
    法定代表人姓名: enterprise.legalName,
    法定代表人身份证号: '110105194912310021',
    用户名: enterprise.username,
    联系人姓名: enterprise.contactName,
    手机号码: enterprise.mobile,
    登录密码: 'abcdefg',
  });
  await expect(page.getByTestId('password-strength')).toContainText('弱');
  await reg.click('注册');
  await expect(reg.error('统一社会信用代码')).toHaveText(VALIDATION_MESSAGES.creditCode);
  await expect(reg.error('法定代表人身份证号')).toHaveText(VALIDATION_MESSAGES.idCard);
  await expect(reg.error('登录密码')).toHaveText(VALIDATION_MESSAGES.password);
  await expect(reg.error('用户协议')).toHaveText('请阅读并同意全部协议');
  await expect(page).toHaveURL(/\/register\/register$/);

  // The form survives a reload (not its password).
  await page.reload();
  await expect(reg.input('企业名称')).toHaveValue(enterprise.name);
  await expect(reg.input('手机号码')).toHaveValue(enterprise.mobile);
  await expect(reg.input('登录密码')).toHaveValue('');

  await reg.fillAll({
    统一社会信用代码: enterprise.creditCode,
    法定代表人身份证号: enterprise.legalIdCard,
    登录密码: enterprise.password,
  });
  await expect(page.getByTestId('password-strength')).toContainText('强');
  await reg.fill('确认密码', enterprise.password);
  await typeSmsCode(reg, page, enterprise.mobile);

  // The agreements are read before they can be accepted.
  await acceptAgreements(page, reg.field('用户协议'), true);
  await reg.click('注册');

  const success = schemaPage(page, '/register/register-success');
  await expect(success.detail('登录用户名')).toHaveText(enterprise.username);
  await expect(success.detail('企业名称')).toHaveText(enterprise.name);
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.keptForms)).toBeNull();

  await success.click('立即登录');
  await expect(page).toHaveURL(/\/cv3\/login\/login$/);
  await loginAs(page, enterprise.username, enterprise.password);
  // ROLE_CORP_DEFAULT starts on product opening.
  await expect(page).toHaveURL(/\/cv3\/my\/product\/overview$/);
  await expect(page.getByTestId('current-user')).toHaveText(enterprise.contactName);
  // 账户信息 names the registrant's one role (spec section 4: not stored as current, still the current one)
  // and masks the phone and the contact's phone by one rule (spec section 5: masked strings).
  const account = schemaPage(page, '/my/account/info');
  await account.goto();
  await expect(account.detail('当前角色')).toHaveText('默认角色');
  const masked = `${enterprise.mobile.slice(0, 3)}****${enterprise.mobile.slice(-4)}`;
  await expect(account.detail('手机号')).toHaveText(masked);
  await expect(page.getByTestId('enterprise-contactMobile')).toHaveText(masked);
  const overview = schemaPage(page, '/my/product/overview');
  await overview.goto();
  const credit = overview.row({ 产品: '信用凭证' });
  await overview.click('开通', credit);
  await expect(page.getByText('开通申请已提交，请等待平台审核')).toBeVisible();
  await expect(overview.cell(credit, '状态')).toHaveText('审核中');
  // The platform's back office (emulated: PRODUCT_APPROVAL_SECONDS, tests/e2e/fixtures.ts) approves it, and
  // the applicant is told in the inbox. Each look waits for the reloaded list (more than a second at load 15).
  await expect(async () => {
    await page.reload();
    await expect(overview.cell(credit, '状态')).toHaveText('已开通', { timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await page.goto('/cv3/my/message/index');
  await expect(page.getByText('信用凭证产品已开通').first()).toBeVisible();
  // The way to 实名认证 from product opening.
  await overview.goto();
  await page.getByTestId('result-realname').click();
  await expect(page).toHaveURL(/\/cv3\/my\/enterprise-info\/realname$/);
  await expectNoErrors(watch);
});

test('a duplicate 统一社会信用代码 is refused by the server', async ({ page }) => {
  const reg = schemaPage(page, '/register/ccbscf');
  await reg.goto();
  const mobile = `137${stamp}`;
  await reg.fillAll({
    企业名称: '重复注册测试有限公司',
    统一社会信用代码: enterprise.creditCode,
    法定代表人姓名: '赵六',
    法定代表人身份证号: enterprise.legalIdCard,
    用户名: `dup_${stamp}`,
    联系人姓名: '赵六',
    手机号码: mobile,
    登录密码: 'Dup@20261',
    确认密码: 'Dup@20261',
  });
  await typeSmsCode(reg, page, mobile);
  await acceptAgreements(page, reg.field('用户协议'));
  await reg.click('注册');
  await failed(page, '该统一社会信用代码已注册，请勿重复注册');
  await expect(page).toHaveURL(/\/register\/ccbscf$/);
});

test('resets the password by phone and SMS code; the old session ends', async ({ browser }) => {
  const desk = await browser.newPage();
  await loginAs(desk, enterprise.username, enterprise.password);
  await expect(desk).toHaveURL(/\/my\/product\/overview$/);

  const other = await browser.newPage();
  const watch = watchPage(other);
  await other.goto('/cv3/login/login');
  await other.getByRole('link', { name: '忘记密码' }).click();
  const reset = schemaPage(other, '/register/reset-password');
  await expect(other.getByTestId('schema-page')).toBeVisible();
  await reset.fillAll({ 用户名: enterprise.username, 手机号码: enterprise.mobile });
  await typeSmsCode(reset, other, enterprise.mobile);
  await reset.fillAll({ 新密码: '123456', 确认新密码: '1234567' });
  await reset.click('重置密码');
  await expect(reset.error('新密码')).toHaveText(VALIDATION_MESSAGES.password);
  await expect(reset.error('确认新密码')).toHaveText('两次输入的密码不一致');
  await reset.fillAll({ 新密码: NEW_PASSWORD, 确认新密码: NEW_PASSWORD });
  await reset.click('重置密码');
  await expect(other.getByText('密码重置成功')).toBeVisible();
  await other.getByRole('button', { name: '返回登录' }).click();
  await expect(other).toHaveURL(/\/cv3\/login\/login/);
  await expectNoErrors(watch);

  // The session opened before the reset has ended: the next page load goes to the login page.
  await desk.reload();
  await expect(desk).toHaveURL(/\/cv3\/login\/login/);
  await loginAs(desk, enterprise.username, enterprise.password);
  await expect(desk.getByTestId('login-error')).toHaveText('用户名或密码错误');
  await loginAs(desk, enterprise.username, NEW_PASSWORD);
  await expect(desk).toHaveURL(/\/my\/product\/overview$/);
  await desk.close();
  await other.close();
});

test('a reset code asked for a wrong phone is answered like a right one, and nothing is sent (README: registration)', async ({
  page,
}) => {
  const reset = schemaPage(page, '/register/reset-password');
  const ask = async (username: string, mobile: string): Promise<string> => {
    await reset.goto();
    await reset.fillAll({ 用户名: username, 手机号码: mobile });
    const send = reset.field('短信验证码').getByRole('button');
    await send.click();
    await expect(send).toContainText('秒后重新获取');
    const notice = page.locator('.ant-message-notice').last();
    await expect(notice).toBeVisible();
    return (await notice.textContent()) ?? '';
  };
  const wrongPhone = `136${stamp}`;
  const wrong = await ask('chain_query', wrongPhone);
  expect(wrong).toBe(SMS_SENT_MESSAGES.RESET_PASSWORD);
  expect(wrong).not.toBe('验证码已发送，请注意查收短信');
  const res = await page.request.get(`/api/web/test/sms?mobile=${wrongPhone}`);
  expect(((await res.json()) as { data: unknown }).data).toBeNull();
});

test('verifies the legal person by the face check on a phone: a failure first, then a success', async ({
  browser,
}) => {
  const desk = await browser.newPage();
  const watch = watchPage(desk);
  await loginAs(desk, enterprise.username, NEW_PASSWORD);
  await expect(desk).toHaveURL(/\/my\/product\/overview$/);
  const realname = schemaPage(desk, '/my/enterprise-info/realname');
  await realname.goto();
  await expect(realname.detail('认证状态')).toHaveText('未认证');
  // The legal person the business licence names is offered.
  await expect(realname.field('法定代表人姓名').locator('input')).toHaveValue(enterprise.legalName);

  const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true });
  const faceCheck = async (outcome: '比对通过' | '比对不通过'): Promise<void> => {
    await realname.fill('身份证号', enterprise.legalIdCard);
    await realname.click('发起人脸识别');
    await expect(realname.detail('认证状态')).toHaveText('认证中');
    const url = (await realname.detail('人脸识别链接').textContent())!.trim();
    await phone.goto(url);
    await expect(phone.getByTestId('h5-person')).toHaveText('王**');
    await phone.getByText(outcome, { exact: true }).click();
    await phone.getByTestId('h5-start').click();
  };

  await faceCheck('比对不通过');
  await expect(phone).toHaveURL(/\/cv3\/h5\/face_err/);
  await expect(phone.getByText('人脸识别未通过')).toBeVisible();
  // The page follows the check on the phone until it fails.
  await expect(realname.detail('认证状态')).toHaveText('认证失败');
  await expect(realname.detail('上次认证未通过')).toHaveText('人脸与身份证照片比对不一致');

  await faceCheck('比对通过');
  await expect(phone).toHaveURL(/\/cv3\/h5\/face_success$/);
  await expect(phone.getByText('人脸识别通过')).toBeVisible();
  await expect(realname.detail('认证状态')).toHaveText('已认证');
  await expect(desk.getByText('贵企业已完成实名认证')).toBeVisible();
  await expectNoErrors(watch);
  await desk.close();
  await phone.close();
});

test('the registered enterprise finds its signed agreements under 协议管理, views one and downloads its PDF', async ({
  page,
}) => {
  const watch = watchPage(page);
  await loginAs(page, enterprise.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/my\/product\/overview$/);
  const protocols = schemaPage(page, '/my/protocol/index');
  await protocols.goto();
  for (const book of AGREEMENT_BOOKS) await expect(protocols.row(book.title)).toBeVisible();
  const privacy = protocols.row('《隐私政策》');
  await protocols.click('查看', privacy);
  const text = await protocols.dialog('view').open();
  await expect(text.root).toContainText('平台仅为办理业务之必要收集企业信息');
  await text.click('关闭');
  await expect(text.root).toBeHidden();

  const [download] = await Promise.all([page.waitForEvent('download'), protocols.click('下载', privacy)]);
  expect(download.suggestedFilename()).toBe('隐私政策.pdf');
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  await expectNoErrors(watch);
});

test('the ABS brand registers through its own pages', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://abs.localhost:${port}/cv3/login/abs/login`);
  await page.getByRole('link', { name: '企业注册' }).click();
  await expect(page).toHaveURL(/\/cv3\/register\/abs\/register$/);
  await expect(page.getByTestId('public-page')).toContainText('ABS平台企业注册');
  await expect(page.getByTestId('hotline')).toHaveText('400-990-1188');
  await page.goto(`http://abs.localhost:${port}/cv3/register/abs/blank`);
  await schemaPage(page, '/register/abs/blank').click('企业注册');
  await expect(page).toHaveURL(/\/cv3\/register\/abs\/register$/);
  // An ABS registration's success page leads to the ABS login; a value the address lacks is left out.
  await page.goto(`http://abs.localhost:${port}/cv3/register/register-success?username=abs_new&platform=abs`);
  const success = schemaPage(page, '/register/register-success');
  await expect(success.detail('登录用户名')).toHaveText('abs_new');
  await expect(success.detail('企业名称')).toHaveCount(0);
  await success.click('立即登录');
  await expect(page).toHaveURL(/\/cv3\/login\/abs\/login$/);
});

test('the register, reset-password, success and phone face pages have no serious accessibility violation', async ({
  page,
}) => {
  const serious = async (): Promise<string[]> => {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  await schemaPage(page, '/register/register').goto();
  await expect(schemaPage(page, '/register/register').input('企业名称')).toBeVisible();
  expect.soft(await serious()).toEqual([]);
  await schemaPage(page, '/register/reset-password').goto();
  await expect(schemaPage(page, '/register/reset-password').input('用户名')).toBeVisible();
  expect.soft(await serious()).toEqual([]);
  const success = schemaPage(page, '/register/register-success');
  await success.goto({ username: 'ht_a11y', enterprise: '上海恒泰建筑劳务有限公司' });
  await expect(success.detail('登录用户名')).toHaveText('ht_a11y');
  expect.soft(await serious()).toEqual([]);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/cv3/h5/face_success');
  await expect(page.getByText('人脸识别通过')).toBeVisible();
  expect.soft(await serious()).toEqual([]);
});
