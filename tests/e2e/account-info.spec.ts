import { expect, type Page } from '@playwright/test';
import { VALIDATION_MESSAGES } from '../../renderer/core/validators';
import { expectNoErrors, loginAs, PASSWORD, pick, smsCodeOf, test, watchPage } from './fixtures';
import { closePages, confirm, row, succeeded, userPage } from './creditUi';
import { schemaPage } from './pageObjects';

/** The account centre's own-record screens: person info and bank accounts. */
test.afterEach(closePages);
test.describe.configure({ timeout: 180_000 });

const PERSON_INFO = '/cv3/my/person-info/index';
const USER = 'chain_purchase';
const BANK_ACCOUNTS = '/cv3/my/enterprise-info/info';

/** The person-info page schema's 修改密码 form, filled and sent. */
async function changePassword(page: Page, oldPassword: string, password: string): Promise<void> {
  const person = schemaPage(page, '/my/person-info/index');
  await person.fillAll({ 原密码: oldPassword, 新密码: password, 确认新密码: password });
  await person.click('修改密码');
}

test('person info: a wrong old password is refused; a change ends the other session and the new one logs in', async ({
  browser,
}) => {
  const page = await userPage(browser, USER);
  // A session of its own (userPage would hand out the worker's shared one): the change must end it.
  const other = await (await browser.newContext()).newPage();
  await loginAs(other, USER);
  await expect(other.getByTestId('current-user')).toBeVisible();
  const watch = watchPage(page);
  await page.goto(PERSON_INFO);
  await expect(page.getByTestId('person-info')).toContainText(USER);

  // A weak new password is refused on the form with the rule's words; a wrong old one by the server.
  const person = schemaPage(page, '/my/person-info/index');
  await changePassword(page, PASSWORD, 'abc');
  await expect(person.error('新密码')).toContainText(VALIDATION_MESSAGES.password);
  await changePassword(page, 'Wrong@2026', 'Next@2026x');
  await expect(person.error('原密码')).toContainText('原密码错误');

  await changePassword(page, PASSWORD, 'Next@2026x');
  await expect(page.getByText('密码修改成功，您在其他设备上的登录已失效')).toBeVisible();
  // This session goes on; the other one has ended and goes to the login page.
  await page.reload();
  await expect(page.getByTestId('person-info')).toContainText(USER);
  await other.goto(PERSON_INFO);
  await expect(other).toHaveURL(/\/cv3\/login\/login/);

  const again = await (await browser.newContext()).newPage();
  await loginAs(again, USER, 'Next@2026x');
  await expect(again.getByTestId('current-user')).toBeVisible();
  await again.context().close();

  // Back to the demo password so a rerun against the same server starts alike.
  await changePassword(page, 'Next@2026x', PASSWORD);
  await expect(page.getByText('密码修改成功，您在其他设备上的登录已失效').first()).toBeVisible();
  await other.context().close();
  await expectNoErrors(watch);
});

test('person info: the phone changes with the code sent to the new phone', async ({ browser }) => {
  const page = await userPage(browser, 'unit_query', { to: PERSON_INFO });
  const watch = watchPage(page);
  const mobile = `137${String(Date.now()).slice(-8)}`;
  const person = schemaPage(page, '/my/person-info/index');
  await person.fill('新手机号码', mobile);
  await page.getByTestId('sms-send').click();
  await expect(page.getByTestId('sms-send')).toContainText('秒后重新获取');
  await person.fill('短信验证码', await smsCodeOf(page, mobile));
  await person.click('更换手机号码');
  await expect(page.getByText('手机号码更换成功')).toBeVisible();
  await expect(page.getByTestId('person-mobile-current')).toHaveText(
    mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2'),
  );
  await expectNoErrors(watch);
});

test('bank accounts: an operator adds one (a bad 账号 refused first), it is in effect once the director approves', async ({
  browser,
}) => {
  const op = await userPage(browser, 'unit_operator', { to: BANK_ACCOUNTS });
  const watch = watchPage(op);
  await expect(op.getByTestId('schema-page')).toHaveAttribute('data-page-kind', 'list');
  // Another enterprise's accounts are not listed.
  await expect(op.getByTestId('schema-page')).not.toContainText('华建集团有限公司');

  const name = `e2e账户${String(Date.now()).slice(-6)}`;
  await op.getByTestId('action-toolbar-create').click();
  const drawer = op.getByTestId('dialog-create');
  await drawer.getByTestId('field-accountName').locator('input').fill(name);
  await drawer.getByTestId('field-accountNo').locator('input').fill('12ab');
  await pick(op, drawer, 'bankCode', '中国建设银行', '建设');
  await pick(op, drawer, 'branchCode', '中国建设银行股份有限公司湖北省分行');
  await drawer.getByTestId('action-dialog-submit').click();
  await expect(drawer.getByTestId('field-accountNo')).toContainText(VALIDATION_MESSAGES.bankAccount);
  await drawer.getByTestId('field-accountNo').locator('input').fill('42010000123456789');
  await drawer.getByTestId('action-dialog-submit').click();
  // The drawer's 提交 submits for review: no second 提交审核 step (a returned account still has one).
  await succeeded(op, '银行账户已提交审核，等待主管岗审核');
  const line = row(op, name);
  await expect(line.getByTestId('cell-branchCode')).toHaveText('105521000011');
  await expect(line.getByTestId('cell-status')).toHaveText('待审核');
  await expect(line.getByTestId('action-row-submit')).toHaveCount(0);
  // Bank numbers are grouped in fours (spec section 5), in the list as in every screen of the model.
  await expect(line.getByTestId('cell-accountNo')).toHaveText('4201 0000 1234 5678 9');
  // The operator cannot approve.
  await expect(line.getByTestId('action-row-approve')).toHaveCount(0);

  const dir = await userPage(browser, 'unit_director', { to: BANK_ACCOUNTS });
  const pending = row(dir, name);
  await expect(pending.getByTestId('cell-status')).toHaveText('待审核');
  await pending.getByTestId('action-row-approve').click();
  await confirm(dir, '确认审核通过该银行账户？通过后即生效。');
  await expect(pending.getByTestId('cell-status')).toHaveText('已生效');

  // The director makes it the default: the seeded default gives way, one default remains.
  const defaults = dir.getByTestId('cell-isDefault').filter({ hasText: '默认' });
  await expect(defaults).toHaveCount(1);
  await expect(pending.getByTestId('cell-isDefault')).not.toContainText('默认');
  await pending.getByTestId('action-row-setDefault').click();
  await confirm(dir, '确认将该银行账户设为本企业的默认账户？原默认账户将取消默认。');
  await expect(pending.getByTestId('cell-isDefault')).toHaveText('默认');
  await expect(defaults).toHaveCount(1);
  await expect(pending.getByTestId('action-row-setDefault')).toHaveCount(0);
  await expectNoErrors(watch);
});

const ACCOUNT_INFO = '/cv3/my/account/info';
const INFO_UPDATE = '/cv3/my/enterprise-info/info-update';

/** unit_operator proposes `name` as the enterprise's new name; unit_director approves it. */
async function renameEnterprise(
  op: Page,
  dir: Page,
  name: string,
  badCreditCodeFirst = false,
): Promise<void> {
  await op.goto(INFO_UPDATE);
  await op.getByTestId('action-toolbar-create').click();
  const drawer = op.getByTestId('dialog-create');
  await drawer.getByTestId('field-enterpriseName').locator('input').fill(name);
  await drawer.getByTestId('field-changeReason').locator('textarea').fill('工商登记名称变更');
  if (badCreditCodeFirst) {
    await drawer.getByTestId('field-creditCode').locator('input').fill('91350100M000100Y44');
    await drawer.getByTestId('action-dialog-submit').click();
    await expect(drawer.getByTestId('field-creditCode')).toContainText(VALIDATION_MESSAGES.creditCode);
    await drawer.getByTestId('field-creditCode').locator('input').fill('');
  }
  await drawer.getByTestId('action-dialog-submit').click();
  await succeeded(op, '变更申请已提交，审核通过后生效');
  const line = row(op, name);
  await expect(line.getByTestId('cell-status')).toHaveText('待审核');
  await expect(line.getByTestId('action-row-approve')).toHaveCount(0);

  // Not yet: the enterprise keeps its name until the director approves.
  await dir.goto(ACCOUNT_INFO);
  await expect(dir.getByTestId('enterprise-enterpriseName')).not.toHaveText(name);
  await dir.goto(INFO_UPDATE);
  await row(dir, name).getByTestId('action-row-approve').click();
  await confirm(dir, '确认审核通过该企业信息变更？通过后企业信息即变更。');
  await dir.getByTestId('tab-all').click();
  // The newest change first (the name back matches the earlier change too).
  await expect(row(dir, name).first().getByTestId('cell-status')).toHaveText('已生效');
  await dir.goto(ACCOUNT_INFO);
  await expect(dir.getByTestId('enterprise-enterpriseName')).toHaveText(name);
}

test('enterprise information: a change proposed by the operator applies only when the director approves', async ({
  browser,
}) => {
  const op = await userPage(browser, 'unit_operator');
  const dir = await userPage(browser, 'unit_director');
  const watch = watchPage(op);
  await op.goto(ACCOUNT_INFO);
  const original = (await op.getByTestId('enterprise-enterpriseName').textContent()) ?? '';
  expect(original).not.toBe('');
  await expect(op.getByTestId('enterprise-legalName')).toHaveText('陈立新');

  const renamed = `${original}（更名）`;
  await renameEnterprise(op, dir, renamed, true);
  // The change keeps the name before it.
  await op.goto(INFO_UPDATE);
  await op.getByTestId('tab-all').click();
  await expect(row(op, renamed).getByTestId('cell-beforeEnterpriseName')).toHaveText(original);
  // And back, so the other specs find the demo name.
  await renameEnterprise(op, dir, original);
  await expectNoErrors(watch);
});
