import { expect, type Locator, type Page } from '@playwright/test';
import { pageModels, type FieldModel, type PageModel } from '../pageObjects/pageModel';
import type { PageTitles } from './pageObjects.generated';
import { choose, confirm, giveReason, pickDate, succeeded, type } from './creditUi';

/**
 * Page objects of the schema pages, built from the schemas (tests/pageObjects/pageModel.ts): a test names
 * a route and then the fields, buttons, columns, tabs and detail values by the titles a user sees; the
 * titles are typed per route (pageObjects.generated.ts), the test ids come from the renderer's rule. A new
 * screen's e2e needs no selectors:
 *
 *     const issue = schemaPage(page, '/credit/core/issue/apply');
 *     await issue.goto();
 *     await issue.fill('供应商', '华建建材供应有限公司');
 *     await issue.click('提交');
 */

type Titles = PageTitles[keyof PageTitles];
/** A row's cells by column title. */
export type Row<T extends Titles> = Partial<Record<T['columns'], string>>;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A locator's test id: exact, or any of several (`*` = any area of a button). */
function testId(ids: string[]): string | RegExp {
  if (ids.length === 1 && !ids[0]!.includes('*')) return ids[0]!;
  return new RegExp(`^(${ids.map((id) => escape(id).replace('\\*', 'action-[a-z]+')).join('|')})$`);
}
const exactly = (text: string): RegExp => new RegExp(`^\\s*${escape(text)}\\s*$`);

/** The validation message of a form item: Formily's (renderer/react/formily/FormItem.tsx) or antd's. */
const fieldError = (item: Locator): Locator =>
  item.locator('.ant-formily-item-help, .ant-form-item-explain-error');

export class SchemaPageObject<T extends Titles> {
  constructor(
    readonly page: Page,
    readonly model: PageModel,
  ) {}

  /** Opens the route (with its address parameters) and waits for the schema page. */
  async goto(query: Record<string, string> = {}): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(`/cv3${this.model.route}${search ? `?${search}` : ''}`);
    await expect(this.page.getByTestId('schema-page')).toHaveCount(1);
  }

  private lookup<V>(map: Record<string, V>, what: string, title: string): V {
    const found = map[title];
    if (found === undefined) throw new Error(`${this.model.route} has no ${what} titled ${title}`);
    return found;
  }

  private fieldModel(title: T['fields']): FieldModel {
    return this.lookup(this.model.fields, 'field', title)[0]!;
  }

  /** The form item of a field (`index`: the row of an array field's item, as in `对账单.对账单编号`). */
  field(title: T['fields'], index = 0): Locator {
    const f = this.fieldModel(title);
    return this.page.getByTestId(`${f.scope}-${f.path.replace('{i}', String(index))}`);
  }

  /** The validation message under a field of the page's form. */
  error(title: T['fields'], index = 0): Locator {
    return fieldError(this.field(title, index));
  }

  /** The text input of a field (to read what the form computed). */
  input(title: T['fields'], index = 0): Locator {
    return this.field(title, index).locator('input, textarea').first();
  }

  /**
   * Fills a field the way its component takes input: selects pick the option, pickers type the date.
   * A title both the query form and a dialog's form have is the dialog's while a dialog is open.
   */
  async fill(title: T['fields'], value: string, index = 0): Promise<void> {
    const fields = this.lookup(this.model.fields, 'field', title);
    const inDialog = fields.length > 1 && (await this.page.getByRole('dialog').count()) > 0;
    const f = (inDialog && fields.find((c) => c.scope !== 'query')) || fields[0]!;
    await this.fillField(f, value, index, this.page);
  }

  /** Fills the field `f` inside `within` the way its component takes input. */
  fillField(f: FieldModel, value: string, index: number, within: Page | Locator): Promise<void> {
    const id = `${f.scope}-${f.path.replace('{i}', String(index))}`;
    if (/Select$/.test(f.component) && !/Input/.test(f.component))
      return choose(this.page, id, value, within);
    if (f.component === 'DatePicker') return pickDate(this.page, id, value, within);
    return type(this.page, id, value, within);
  }

  /** The field models titled `title` (the query form's, a form's, each dialog's). */
  fieldModels(title: T['fields']): FieldModel[] {
    return this.lookup(this.model.fields, 'field', title);
  }

  /**
   * The open dialog (a schema dialog `key`, or whichever dialog or drawer is open): its fields are filled
   * and its buttons pressed inside it, never those of the page behind it.
   */
  dialog(key?: string): SchemaDialogObject<T> {
    const root = key
      ? this.page.getByTestId(`dialog-${key}`)
      : this.page.locator('.ant-modal-wrap, .ant-drawer').filter({ visible: true }).last();
    return new SchemaDialogObject(this, root);
  }

  /** Fills several fields in the order given. */
  async fillAll(values: Partial<Record<T['fields'], string>>, index = 0): Promise<void> {
    for (const [title, value] of Object.entries(values) as Array<[T['fields'], string]>)
      await this.fill(title, value, index);
  }

  /** A button by its label, on the page or inside `within` (a row, a dialog). */
  action(label: T['actions'], within?: Locator): Locator {
    const ids = this.lookup(this.model.actions, 'button', label);
    const scope = within ?? this.page;
    // A button the schema names by its text only (an array's 添加 button).
    if (ids[0]!.startsWith('text:')) return scope.getByRole('button', { name: label });
    return scope.getByTestId(testId(ids));
  }

  /** Clicks a button by its label. */
  async click(label: T['actions'], within?: Locator): Promise<void> {
    await this.action(label, within).click();
  }

  /** Switches to a list tab by its title. */
  async tab(title: T['tabs']): Promise<void> {
    const tab = this.page.getByTestId(this.lookup(this.model.tabs, 'tab', title));
    await tab.click();
    await expect(this.page.getByRole('tab').filter({ has: tab })).toHaveAttribute('aria-selected', 'true');
  }

  /** Fills the query form and searches. */
  async search(values: Partial<Record<T['fields'], string>>): Promise<void> {
    await this.fillAll(values);
    await this.page.getByTestId('action-query-search').click();
  }

  /** Every list row (of the page, or of a section's table). */
  rows(within?: Locator): Locator {
    return (within ?? this.page).getByTestId(/^row-\d+$/);
  }

  /**
   * The rows that match: a text anywhere in the row, or cells by column title with exactly these texts.
   */
  row(match: string | Row<T>, within?: Locator): Locator {
    const rows = this.rows(within);
    if (typeof match === 'string') return rows.filter({ hasText: match });
    return Object.entries(match).reduce<Locator>(
      (found, [column, text]) =>
        found.filter({
          has: this.page
            .getByTestId(this.cellId(column as T['columns']))
            .filter({ hasText: exactly(text as string) }),
        }),
      rows,
    );
  }

  private cellId(column: T['columns']): string | RegExp {
    return testId(this.lookup(this.model.columns, 'column', column).map((f) => `cell-${f}`));
  }

  /** A column's header by its title. */
  column(title: T['columns']): Locator {
    return this.page.getByTestId(
      testId(this.lookup(this.model.columns, 'column', title).map((f) => `column-${f}`)),
    );
  }

  /** A cell of a row by its column title. */
  cell(row: Locator, column: T['columns']): Locator {
    return row.getByTestId(this.cellId(column));
  }

  /** A row as an object: column title → cell text (columns the row does not show are left out). */
  async rowObject(row: Locator): Promise<Row<T>> {
    await expect(row).toHaveCount(1);
    const line: Record<string, string> = {};
    for (const column of Object.keys(this.model.columns)) {
      const cell = this.cell(row, column as T['columns']);
      if ((await cell.count()) === 1) line[column] = (await cell.innerText()).trim();
    }
    return line as Row<T>;
  }

  /** The rows on screen as objects. */
  async rowObjects(within?: Locator): Promise<Array<Row<T>>> {
    const rows = await this.rows(within).all();
    return Promise.all(rows.map((row) => this.rowObject(row)));
  }

  /** Waits until the row shows these texts in these columns. */
  async expectRow(row: Locator, values: Row<T>): Promise<void> {
    for (const [column, text] of Object.entries(values) as Array<[T['columns'], string]>)
      await expect(this.cell(row, column), column).toHaveText(text);
  }

  /** A detail value by its title. */
  detail(title: T['details']): Locator {
    return this.page.getByTestId(testId(this.lookup(this.model.details, 'detail value', title)));
  }

  /** A detail section by its title. */
  section(title: T['sections']): Locator {
    return this.page.getByTestId(this.lookup(this.model.sections, 'section', title));
  }

  /** The operation-log lines that mention `text`. */
  auditEntry(text: string): Locator {
    return this.page.getByTestId('audit-log').getByRole('row').filter({ hasText: text });
  }

  /** Answers the confirmation question (checked, if given) with 确定. */
  confirm(question?: string): Promise<void> {
    return confirm(this.page, question);
  }

  /** Presses 确定 in the open dialog as it is (to see what it says when something is missing). */
  async ok(): Promise<void> {
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
  }

  /** Writes the reason the action asks for and confirms it. */
  giveReason(reason: string): Promise<void> {
    return giveReason(this.page, reason);
  }

  /** Waits for an action's success message. */
  succeeded(message: string): Promise<void> {
    return succeeded(this.page, message);
  }

  /** A value of the dialog an action's `result` opens, by the answer's field (`initialPassword`). */
  resultValue(field: string): Locator {
    return this.page.getByTestId('result-dialog').getByTestId(`result-${field}`);
  }

  /** Closes the result dialog with its button (我已记下) and waits for it to go. */
  async closeResult(): Promise<void> {
    await this.page.getByTestId('action-result-close').click();
    await expect(this.page.getByTestId('result-dialog')).toHaveCount(0);
  }
}

/** The buttons every schema dialog has (renderer/react/parts/dialogs/SchemaDialog.tsx), by label. */
const DIALOG_BUTTONS = {
  提交: 'action-dialog-submit',
  确定: 'action-dialog-submit',
  取消: 'action-dialog-cancel',
  关闭: 'action-dialog-cancel',
} as const;
type DialogButton = keyof typeof DIALOG_BUTTONS;

/** A dialog or drawer of a schema page (SchemaPageObject.dialog): everything in it is looked for inside it. */
export class SchemaDialogObject<T extends Titles> {
  constructor(
    readonly owner: SchemaPageObject<T>,
    readonly root: Locator,
  ) {}

  /** Waits until the dialog shows. */
  async open(): Promise<this> {
    await expect(this.root).toBeVisible();
    return this;
  }

  /** The form item of a field inside the dialog (a dialog's form field, not the query form's). */
  field(title: T['fields'], index = 0): Locator {
    const fields = this.owner.fieldModels(title).filter((f) => f.scope !== 'query');
    const ids = fields.map((f) => `${f.scope}-${f.path.replace('{i}', String(index))}`);
    return this.root.getByTestId(testId(ids.length ? ids : [`field-${title}`]));
  }

  /** Fills a field inside the dialog the way its component takes input. */
  async fill(title: T['fields'], value: string, index = 0): Promise<void> {
    const fields = this.owner.fieldModels(title).filter((f) => f.scope !== 'query');
    const idOf = (f: FieldModel): string => `${f.scope}-${f.path.replace('{i}', String(index))}`;
    // The dialog's own field among those of the same title (each dialog's form has its own), once shown.
    const shown = this.field(title, index).first();
    await expect(shown, `the open dialog's field ${title}`).toBeVisible();
    const id = await shown.getAttribute('data-testid');
    await this.owner.fillField(fields.find((f) => idOf(f) === id) ?? fields[0]!, value, index, this.root);
  }

  /** Fills several fields in the order given. */
  async fillAll(values: Partial<Record<T['fields'], string>>, index = 0): Promise<void> {
    for (const [title, value] of Object.entries(values) as Array<[T['fields'], string]>)
      await this.fill(title, value, index);
  }

  /** Ticks (or, `checked` false, clears) the option `option` of a checkbox-group field (角色). */
  async check(title: T['fields'], option: string, checked = true): Promise<void> {
    const box = this.field(title).getByRole('checkbox', { name: option, exact: true });
    await box.setChecked(checked);
  }

  /** The validation message under a field of the dialog. */
  error(title: T['fields'], index = 0): Locator {
    return fieldError(this.field(title, index));
  }

  /**
   * A button of the dialog by its label: the dialog's own 提交/确定 (submit) and 取消/关闭 (close), or a
   * button the schema declares inside it.
   */
  action(label: T['actions'] | DialogButton): Locator {
    if (label in DIALOG_BUTTONS) {
      const own = this.root.getByTestId(DIALOG_BUTTONS[label as DialogButton]);
      // An antd confirm or a hand-made dialog has no test ids: its button by text.
      const text = new RegExp(`^\\s*${[...label].join('\\s*')}\\s*$`);
      return own.or(this.root.getByRole('button', { name: text }));
    }
    return this.owner.action(label as T['actions'], this.root);
  }

  /** Presses a button of the dialog. */
  async click(label: T['actions'] | DialogButton): Promise<void> {
    await this.action(label).click();
  }

  /** Presses the dialog's submit button and waits for it to close (the form passed, the server accepted). */
  async submit(): Promise<void> {
    await this.root.getByTestId(DIALOG_BUTTONS.提交).click();
    await expect(this.root).toBeHidden();
  }

  /** Presses the dialog's cancel button and waits for it to close. */
  async cancel(): Promise<void> {
    await this.root.getByTestId(DIALOG_BUTTONS.取消).click();
    await expect(this.root).toBeHidden();
  }
}

/** The page object of a schema route, on `page`. */
export function schemaPage<R extends keyof PageTitles>(
  page: Page,
  route: R,
): SchemaPageObject<PageTitles[R]> {
  const model = pageModels().get(route);
  if (!model) throw new Error(`no schema page for ${route}`);
  return new SchemaPageObject(page, model);
}
