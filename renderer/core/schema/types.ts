/**
 * TypeScript shape of a page schema (`schemas/<route path>.json`) after loading: `$ref` fragments
 * spliced in, `$dict` references replaced by their items, migrated to {@link CURRENT_SCHEMA_VERSION}.
 * The JSON meta-schema (`page.schema.json`) describes the same shape for analysts' editors and the
 * checker; keep the two in step (a test compares their keyword lists). Page bodies: `pageTypes.ts`.
 */

import type { ProductCode } from '@contract/products';
import type { ApiSource, DialogDetail, DialogForm } from './partTypes';

/** The products of ADR 0005 §1 (contract/products.ts). */
export type { ProductCode };

/** The `route` block (ADR 0005 §1): where the page lives, who may open it, where the menu shows it. */
export interface RouteBlock {
  /** Route path under /cv3/, starting with '/'; mirrors the file path. */
  path: string;
  /** Chinese page title (menu text, browser title). */
  title: string;
  /** Product the page belongs to (menu group of menus3). */
  product?: ProductCode;
  /** Role codes or role groups (`@all`, contract/roles.ts) that may open the page. */
  roles?: string[];
  /** Placement in the header menu. */
  menu?: { group?: string; order?: number };
  hideInMenu?: boolean;
  hideTopMenu?: boolean;
  /** Help codes shown by the shell. */
  help?: string[];
  keepAlive?: boolean;
  openInBlank?: boolean;
  /** Open without login (spec section 2's public list only). */
  public?: boolean;
  /** Open to every logged-in user whatever the menu (spec section 2's always-allowed list only). */
  alwaysAllowed?: boolean;
  /**
   * A developer fixture (the renderer demo): granted to its roles only on a server in test mode
   * (TEST_MODE=true), never in production menus (server/menus.ts).
   */
  fixture?: boolean;
}

/** One dictionary entry (ADR 0005 §2). */
export interface DictItem {
  value: string | number | boolean;
  label: string;
  /** antd tag colour (blue, green, red, orange, gold, default...). */
  color?: string;
}

/** A dictionary file `schemas/_dicts/<name>.json`. */
export interface Dictionary {
  name: string;
  title?: string;
  items: DictItem[];
}

/** How a value is displayed in a column, a detail field or a figure. */
export type DisplayFormat =
  | 'text'
  | 'money'
  | 'moneyUnit'
  | 'percent'
  | 'rate'
  | 'date'
  | 'datetime'
  | 'dict'
  | 'bankNo'
  | 'mask'
  | 'capital'
  | 'count'
  | 'file'
  /** An array of strings shown one paragraph each (an agreement's text). */
  | 'paragraphs';

/** A schema expression (renderer/core/expression), e.g. `$record.status === 'IS2'`. */
export type Expression = string;

/** Fields common to every declared action. */
export interface ActionBase {
  /** Stable name of the action on this page: its `data-testid` is built from it. */
  key: string;
  /** Button text. */
  label: string;
  /** Shown only when this expression is truthy (scope `$record`, `$roles`, `$role`, `$query`, `$values`). */
  visible?: Expression;
  /** Disabled when this expression is truthy. */
  disabled?: Expression;
  /** Shown only to these current roles. */
  roles?: string[];
  /** Ask this question before running the action. */
  confirm?: string;
  /** antd button look. */
  primary?: boolean;
  danger?: boolean;
}

/** Go to another page; `{name}` placeholders are filled from the record (or the page query), `{+name}` is a page the row holds. */
export interface NavigateAction extends ActionBase {
  type: 'navigate';
  to: string;
  /** Open in a new window. */
  blank?: boolean;
}

/** Run a model transition: `POST .../records/{id}/actions/{action}` with `{version, reason?, signature?}`. */
export interface ModelAction extends ActionBase {
  type: 'action';
  /** Transition name in the model. */
  action: string;
  /** Model of the record; defaults to the page's model. */
  model?: string;
  /** Whether a reason is asked: none (default), optional or required. */
  reason?: 'none' | 'optional' | 'required';
  /** Title of the reason box. @default '原因' */
  reasonTitle?: string;
  /** Sign with the UKEY before sending (the signature goes in the body). */
  sign?: boolean;
  /** Message after success (an empty text shows none). @default '操作成功' */
  success?: string;
  /** Where to go after success; default: stay and reload. `{+field}` takes a page the row holds. */
  redirect?: string;
  /** A topic the host is told of after success (marking a message read: the bell reads again). */
  announce?: AnnounceTopic;
}

/** Submit the page's form: create (POST) or update (PUT), then optionally run a transition. */
export interface SubmitAction extends ActionBase {
  type: 'submit';
  /** Transition to run on the saved record, e.g. `submit`. */
  then?: string;
  sign?: boolean;
  success?: string;
  redirect?: string;
  /** Shown in place of the form after success (a public form's 密码重置成功); its button goes to `redirect`. */
  result?: ActionResult;
  /** A form sent to an endpoint: a topic the host is told of after success (`session`: person info). */
  announce?: AnnounceTopic;
}

/**
 * What the user is shown after an action succeeded, instead of a passing message: a page form shows it in
 * place of the form; a dialog form or a `request` button shows it in a dialog of its own (a new user's
 * one-time initial password), closed by `button`. `fields` are members of the answer, each on a line
 * with its title (copyable).
 */
export interface ActionResult {
  title: string;
  description?: string;
  /** The button under it; a page form's result without one (and without `redirect`) has none. @default '关闭' in a dialog */
  button?: string;
  fields?: Array<{ field: string; title: string }>;
}

/** Download a file: `url` under /api/web with `{name}` placeholders. */
export interface DownloadAction extends ActionBase {
  type: 'download';
  url: string;
}

/**
 * Export the list with its current filters. Without `url`: the server writes an .xlsx of the query
 * (the columns the user shows, with their titles); over 5,000 rows it becomes a job in the download
 * centre. With `url` (under /api/web): that address is opened with the filters as query parameters.
 */
export interface ExportAction extends ActionBase {
  type: 'export';
  url?: string;
}

/**
 * Batch-create records from an .xlsx filled in from the model's import template
 * (`POST .../models/{model}/import`): one bad row refuses the whole file with its row number.
 */
export interface ImportAction extends ActionBase {
  type: 'import';
  /** Model written; defaults to the page's. */
  model?: string;
  /** Values every row takes (fields of the model's `import.values`), sent as form fields. */
  values?: Record<string, string>;
  /** Message after success. @default '导入成功，共 {count} 条' */
  success?: string;
}

/**
 * Open a form or a record's sections in a modal or a drawer (ModalForm / DrawerForm); the form is
 * submitted like a page form (create, edit, or an `api`), then the list reloads.
 */
export interface DialogAction extends ActionBase {
  type: 'dialog';
  /** @default 'modal' */
  container?: 'modal' | 'drawer';
  /** Dialog title. @default the label */
  title?: string;
  /** Width in px. @default 560 (modal), 640 (drawer) */
  width?: number;
  /** Model written by the form; defaults to the page's. */
  model?: string;
  form?: DialogForm;
  detail?: DialogDetail;
  success?: string;
  /** Shown in a dialog after the form was accepted, with members of the answer. */
  result?: ActionResult;
}

/** Go back to the previous page. */
export interface BackAction extends ActionBase {
  type: 'back';
}

/**
 * Call an endpoint of the API contract that is not a model transition (a failed export written again):
 * `api.url` under /api/web with `{name}` placeholders from the record, sent as a POST unless `api.method`
 * says otherwise; then the page loads again like after any write (writes.ts).
 */
export interface RequestAction extends ActionBase {
  type: 'request';
  api: ApiSource;
  /**
   * Message after success; `{name}` is filled from the answer (`已标记{updated}条为已读`), and an
   * empty text shows none. @default '操作成功'
   */
  success?: string;
  /** A topic the host is told of after success (the portal's bell reads `messages` again). */
  announce?: AnnounceTopic;
  /** The page to go to after success, `{+field}` from the row (a to-do's 去处理 link). */
  redirect?: string;
  /** Shown in a dialog after success, with members of the answer (a new one-time password). */
  result?: ActionResult;
}

/**
 * What a `request`, an `action` or an endpoint form's submit may tell the host it changed (RendererProvider
 * `announce`): `messages`, the user's in-site mail (the portal's header bell); `session`, the user's own
 * account (the portal reads the session again: name, mobile, a changed initial password); `product`, the
 * user chose the row's product (`$record.product`: the portal moves to where that product starts for the role).
 */
export type AnnounceTopic = 'messages' | 'session' | 'product';

/** Anything a button can do. */
export type ActionSchema =
  | NavigateAction
  | ModelAction
  | SubmitAction
  | DownloadAction
  | ExportAction
  | ImportAction
  | DialogAction
  | BackAction
  | RequestAction;

/** The kinds of {@link ActionSchema}. */
export type ActionType = ActionSchema['type'];

/** A displayed value: a list column or a detail field. */
export interface ValueDisplay {
  /** Record field; dots reach into objects (`holder.name`). */
  field: string;
  title: string;
  /** @default 'text', or 'dict' when `enum` is given */
  format?: DisplayFormat;
  /** Labels (and tag colours) of coded values, usually `{"$dict": "..."}`. */
  enum?: DictItem[];
  /** Decimals of money, percent and rate values. */
  decimals?: number;
  /** Shown only when this expression is truthy (scope as for actions, without `$record` for columns). */
  visible?: Expression;
}

/** A list or child-table column. */
export interface ColumnSchema extends ValueDisplay {
  width?: number;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  ellipsis?: boolean;
  /** Makes the cell a link running this action (usually navigate to the detail page). */
  link?: NavigateAction;
  /** Shows the (numeric) field as a progress bar of `field` out of the record's `progress.total`. */
  progress?: ProgressCell;
}

/**
 * A progress bar cell (a download-centre job's rows written): `field` of `total`, full and green when
 * `status` is one of `success`, red when it is one of `exception`, moving otherwise.
 */
export interface ProgressCell {
  /** Record field of the amount to reach. */
  total: string;
  /** Record field whose value says how the work ended. */
  status?: string;
  success?: string[];
  exception?: string[];
}

/** A detail field. */
export interface DetailField extends ValueDisplay {
  /** Columns of the description grid it spans. */
  span?: number;
}

/** A part of a detail or approve page. */
export interface SectionSchema {
  key: string;
  title: string;
  /** Fields shown as a description grid. */
  fields?: DetailField[];
  /** A table of children: `source` is the record path of an array (`children.statements`). */
  table?: { source: string; columns: ColumnSchema[]; rowKey?: string };
  /** Columns of the description grid. @default 3 */
  columns?: number;
  visible?: Expression;
}

/**
 * A Formily JSON Schema node (`x-component`, `x-decorator`, `x-validator`, `x-reactions`...). The
 * renderer hands it to Formily as it is; the meta-schema limits its keywords so that typos are found.
 */
export interface FormilyNode {
  type?: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'void' | 'date' | 'datetime';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: DictItem[] | Array<string | number>;
  required?: boolean | string[];
  properties?: Record<string, FormilyNode>;
  items?: FormilyNode;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, unknown>;
  'x-reactions'?: FormilyReaction | FormilyReaction[];
  'x-validator'?: unknown;
  'x-visible'?: boolean | string;
  'x-hidden'?: boolean | string;
  'x-disabled'?: boolean | string;
  'x-display'?: 'visible' | 'hidden' | 'none' | string;
  'x-pattern'?: 'editable' | 'disabled' | 'readOnly' | 'readPretty' | string;
  'x-read-only'?: boolean | string;
  'x-read-pretty'?: boolean | string;
  'x-editable'?: boolean | string;
  'x-index'?: number;
  'x-content'?: string;
  'x-data'?: Record<string, unknown>;
  [keyword: string]: unknown;
}

/** A Formily `x-reactions` entry in its declarative form (function reactions are JavaScript: refused). */
export interface FormilyReaction {
  dependencies?: string[] | Record<string, string>;
  when?: string | boolean;
  target?: string;
  effects?: string[];
  fulfill?: { state?: Record<string, unknown>; schema?: Record<string, unknown> };
  otherwise?: { state?: Record<string, unknown>; schema?: Record<string, unknown> };
}

/** Properties of a Formily object node, by field name. */
export type FormilyProperties = Record<string, FormilyNode>;
