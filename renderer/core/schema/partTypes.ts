/**
 * Renderer v2: composable pages, declarative data sources and dialog actions.
 *
 * A `composite` page is a tree of parts: containers (tabs, card, collapse, grid, steps) hold any page
 * part (list, form, detail, statistics) or other containers. The six page kinds stay as shorthands: a
 * `list` page is a composite page with one list part. A list part inside a page about one record
 * (`record`) is a master-detail list: its `filter` expressions read `$record`.
 */
import type { DetailBody, FormBody, ListBody, ListPoll, StatisticsBody } from './pageTypes';
import type { ActionSchema, DictItem, Expression, FormilyProperties, SectionSchema } from './types';

/**
 * Any endpoint of the API contract as a data source: `url` under /api/web (`{name}` placeholders from
 * the record, then the page query), `params` as expressions (scope `$record`, `$query`, `$values`,
 * `$role`...), and where the answer keeps what the part reads (`response`, dotted paths).
 */
export interface ApiSource {
  url: string;
  /** @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT';
  /** Query parameters (GET) or body members (POST/PUT), each an expression. */
  params?: Record<string, Expression>;
  /** Where the answer keeps the rows, their total and a single record. */
  response?: {
    /** @default 'list' (an array answer is the list itself) */
    list?: string;
    /** @default 'pagecond.count' (else the number of rows) */
    total?: string;
    /** A single record (detail parts). @default the answer itself */
    record?: string;
  };
}

/** Fields every part has. */
export interface PartBase {
  /** Stable name in the page: its `data-testid` is `part-<key>`. */
  key: string;
  /** Shown only when this expression is truthy (scope `$record`, `$query`, `$role`...). */
  visible?: Expression;
}

/** A list part: a list page's body, its model (default: the page's) or an `api`. */
export interface ListPart extends PartBase {
  type: 'list';
  model?: string;
  /**
   * Filters computed from the page (expressions over `$record`, `$query`): a list inside a detail
   * page filtered by its record (`{"applicationId": "$record.id"}`).
   */
  filter?: Record<string, Expression>;
  list: ListBody;
}

/** A form part: a form page's body. */
export interface FormPart extends PartBase {
  type: 'form';
  model?: string;
  /** Initial values read from the page, each an expression (scope `$record`, `$query`, `$user`...). */
  values?: Record<string, Expression>;
  form: FormBody;
}

/** A detail part: sections of the page's record (`?id=`, or the `record` block's parameter). */
export interface DetailPart extends PartBase {
  type: 'detail';
  model?: string;
  detail: DetailBody;
}

/** A statistics part: figures and charts of a model. */
export interface StatisticsPart extends PartBase {
  type: 'statistics';
  model?: string;
  statistics: StatisticsBody;
}

/**
 * A component of the registry shown as a part, for what no other part expresses (the portal's UKEY test
 * signature, which talks to the local signing agent): its registry name and props.
 */
export interface WidgetPart extends PartBase {
  type: 'widget';
  component: string;
  props?: Record<string, unknown>;
}

/**
 * A line of a result part: a plain text, or a labelled value read from the page (an expression over
 * `$query`, `$user`, `$record`), left out while the value is empty.
 */
export interface ResultLine {
  /** A value's name: its `data-testid` is `result-<key>`. */
  key?: string;
  /** Shown before the value, `企业名称：`. */
  label?: string;
  value?: Expression;
  /** Labels (and tag colours) of a coded value or of each of several, usually `{"$dict": "..."}`. */
  enum?: DictItem[];
  /** A text; with `to`, its words in brackets (`请在[实名认证]中…`) are a link to that page. */
  text?: string;
  /** The page the bracketed words of `text` open (a known route; plain text where the role may not open it). */
  to?: string;
  /**
   * The value is a portal path (a page a phone opens): shown as its full address, copyable, with a
   * button labelled `open` that opens it in a new window and, with `qr`, a QR code of it for a phone to scan.
   */
  link?: { open?: string; qr?: boolean };
}

/**
 * The outcome or notice a page shows (a registration's success, a branded landing page, who is logged in):
 * an icon, a title and lines with values from the address or the session (or, without an icon, those
 * lines as a table of facts); the page's `actions` are its buttons.
 */
export interface ResultPart extends PartBase {
  type: 'result';
  /**
   * The outcome's icon, above the title and the lines; absent, the page shows facts, not an outcome (who is
   * logged in): the lines as a table.
   */
  status?: 'success' | 'info' | 'warning' | 'error';
  /** Shown as a notice bar (antd Alert of the status's colour, default info) above the other parts, not an outcome. */
  alert?: boolean;
  title?: string;
  lines?: ResultLine[];
}

/** One tab, panel or step of a container. */
export interface ContainerItem {
  key: string;
  title: string;
  parts: PartSchema[];
  visible?: Expression;
}

/** Tabs: one item shown at a time; `?tab=<key>` selects one. */
export interface TabsPart extends PartBase {
  type: 'tabs';
  items: ContainerItem[];
}

/** Folding panels; `open` lists the panels open at first (default: the first). */
export interface CollapsePart extends PartBase {
  type: 'collapse';
  items: ContainerItem[];
  open?: string[];
}

/** Steps walked with 上一步 / 下一步 (a wizard over parts). */
export interface StepsPart extends PartBase {
  type: 'steps';
  items: ContainerItem[];
}

/** A titled card around parts. */
export interface CardPart extends PartBase {
  type: 'card';
  title?: string;
  parts: PartSchema[];
}

/** Parts side by side in equal columns (each part may span several). */
export interface GridPart extends PartBase {
  type: 'grid';
  /** @default 2 */
  columns?: number;
  parts: PartSchema[];
  /** Columns spanned, by part key. */
  spans?: Record<string, number>;
}

/** Anything a page is made of. */
export type PartSchema =
  | ListPart
  | FormPart
  | DetailPart
  | StatisticsPart
  | WidgetPart
  | ResultPart
  | TabsPart
  | CollapsePart
  | StepsPart
  | CardPart
  | GridPart;

/** The kinds of {@link PartSchema}. */
export type PartType = PartSchema['type'];

/**
 * Where a composite page's record comes from: a model's record by a query parameter, or the answer of an
 * endpoint (`api`, read again after every write of the tab), read again while `poll` says it is still
 * changing (a face check running on a phone).
 */
export interface CompositeRecord {
  model?: string;
  param?: string;
  api?: ApiSource;
  poll?: ListPoll;
}

/** Body of a `composite` page. */
export interface CompositeBody {
  /**
   * The record the page is about (master-detail): loaded from `model` (default: the page's) by the
   * query parameter `param` (default `id`); parts read it as `$record`.
   */
  record?: CompositeRecord;
  parts: PartSchema[];
  /** Buttons under the parts (scope `$record`). */
  actions?: ActionSchema[];
}

/** The form of a dialog action. */
export interface DialogForm {
  properties: FormilyProperties;
  /** create: POST a new record; edit: PUT the row's record. @default 'create' */
  mode?: 'create' | 'edit';
  /** @default 1 */
  columns?: number;
  /** @default 120 */
  labelWidth?: number;
  /** Initial values, each an expression (scope `$record`, `$query`). */
  initialValues?: Record<string, Expression>;
  /** Send the values to this endpoint instead of the model (the values go in the body). */
  api?: ApiSource;
  /** A transition to run on the saved record, e.g. `submit`. */
  then?: string;
  /** OK button text. @default '提交' */
  okText?: string;
}

/** Read-only sections of the row's record in a dialog. */
export interface DialogDetail {
  sections: SectionSchema[];
}
