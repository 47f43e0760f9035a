/**
 * The bodies of the six page kinds and the page schema itself (see `types.ts` for the parts they
 * are made of).
 */
import type {
  ActionSchema,
  ColumnSchema,
  DetailField,
  DictItem,
  DisplayFormat,
  Expression,
  FormilyProperties,
  RouteBlock,
  SectionSchema,
} from './types';
import type { ApiSource, CompositeBody } from './partTypes';
import type { CURRENT_SCHEMA_VERSION } from './version';

/** A status tab of a list: its own fixed filters. */
export interface ListTab {
  key: string;
  title: string;
  params?: Record<string, QueryValue>;
}

/** A fixed filter value. */
export type QueryValue = string | number | boolean | Array<string | number>;

/** Body of a `list` page. */
export interface ListBody {
  /** Query form fields (Formily); their names are the filter parameters. */
  query?: FormilyProperties;
  /** Grid columns of the query form. @default 3 */
  queryColumns?: number;
  columns: ColumnSchema[];
  toolbar?: ActionSchema[];
  rowActions?: ActionSchema[];
  /** @default 'id' */
  rowKey?: string;
  /** @default 10 */
  pageSize?: number;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Filters always sent. */
  params?: Record<string, QueryValue>;
  tabs?: ListTab[];
  /** @default '暂无数据' */
  emptyText?: string;
  /**
   * Buttons over the rows the user checked (rows get checkboxes, the header checks the whole page):
   * `action` runs the transition on every checked row in one request and shows, per row, whether it
   * was done or refused and why (`sign`: each row signs its own original); `export` exports them.
   */
  batchActions?: ActionSchema[];
  /** Money fields summed by the server over the whole query (not just the page), in a summary row. */
  summary?: string[];
  /** Fields shown under a row when it is expanded. */
  expand?: { fields: DetailField[]; columns?: number };
  /** Column settings (shown, order, fixed) and density, saved per user on the server. */
  settings?: boolean;
  /** Read the rows from this endpoint instead of the page's model. */
  api?: ApiSource;
  /** Read the page again while some rows are still changing on the server. */
  poll?: ListPoll;
}

/**
 * A list that reads its page again every `intervalMs` while a row's `field` is one of `in` (a job still
 * running); it stops when none is, while the browser tab is hidden (it reads again when the tab shows)
 * and when the list is gone (renderer/react/parts/usePoll.ts).
 */
export interface ListPoll {
  field: string;
  in: Array<string | number>;
  /** @default 1000 */
  intervalMs?: number;
  /** Shown over the table while polling, e.g. 文件生成中，页面自动刷新. */
  notice?: string;
}

/** One step of a form. */
export interface FormStep {
  key: string;
  title: string;
  properties: FormilyProperties;
}

/** Body of a `form` page. */
export interface FormBody {
  /** create: POST a new record; edit: load `?id=` and PUT it. @default 'create' */
  mode?: 'create' | 'edit';
  /** Fields of a one-step form. */
  properties?: FormilyProperties;
  /** Fields by step (instead of `properties`). */
  steps?: FormStep[];
  /** Grid columns. @default 2 */
  columns?: number;
  /** Width of the labels, in px. @default 140 */
  labelWidth?: number;
  initialValues?: Record<string, unknown>;
  /** Send the form to a hand-written endpoint of the contract instead of saving a model record. */
  submit?: FormEndpointSubmit;
  /** Fields kept across a reload (never passwords or codes): the host stores them under `as`. */
  keep?: { as: string; fields: string[] };
  /**
   * A GET endpoint of the contract read when the form opens, its answer the value `as` (for conditions:
   * `$values.<as>`; never sent; not a field's name); a failed read leaves it empty.
   */
  load?: { endpoint: string; as: string };
  /** Buttons under the form; at least one `submit`. */
  actions: ActionSchema[];
}

/**
 * A form sent to a named endpoint of contract/api.ts (`register`, `passwordReset`): its string values
 * trimmed (not the encrypted ones), `omit` left out, `encrypt` encrypted by the host (the password
 * cipher); the answer fills the submit action's `redirect` (`{username}`).
 */
export interface FormEndpointSubmit {
  endpoint: string;
  encrypt?: string[];
  omit?: string[];
  /**
   * With a `"sign": true` submit button: what the UKEY signature approves (`scope`, written into the original
   * text) and the field holding the bank the user chose (`bank`, the issuer check); the signature is sent as
   * `signature`.
   */
  signature?: { scope: string; bank?: string };
}

/** The opinion box of an approve page. */
export interface OpinionSchema {
  /** @default '审批意见' */
  title?: string;
  required?: boolean;
  /** @default 200 */
  maxLength?: number;
  placeholder?: string;
}

/** Body of an `approve` page: the record (`?id=`) shown in sections, an opinion, the decisions. */
export interface ApproveBody {
  sections: SectionSchema[];
  opinion?: OpinionSchema;
  actions: ActionSchema[];
}

/** A typed document slot of an upload page. */
export interface UploadSlot {
  /** Category value stored on the document (auth, contract, invoice, other, default). */
  key: string;
  title: string;
  /** Allowed extensions, without dots. */
  accept: string[];
  /** Largest file, in bytes. */
  maxSize: number;
  /** @default 10 */
  maxCount?: number;
  required?: boolean;
  description?: string;
}

/** Body of an `upload` page: documents are records of the page's model, one file each. */
export interface UploadBody {
  slots: UploadSlot[];
  /** Field of the document record holding the slot key. @default 'category' */
  categoryField?: string;
  /** The record the documents belong to (`?id=` by default), readable as `$owner` in `values`. */
  owner?: { model: string; param?: string };
  /**
   * Fields of each new document record, as expressions over `$query` and `$owner`
   * (`{"financeId": "$query.id", "finCorpId": "$owner.finCorpId"}`); they also filter the list of
   * documents already uploaded.
   */
  values?: Record<string, Expression>;
  /** Transition that removes a document; without it documents can be replaced but not removed. */
  deleteAction?: string;
  /** Buttons on each uploaded document (`$record` is the document), e.g. submit it for review. */
  documentActions?: ActionSchema[];
  /** Labels of the documents' states, usually `{"$dict": "financeDocumentStatus"}`. */
  states?: DictItem[];
  /** Upload endpoint (multipart: `file`, `model`, `recordId`, `category`) under /api/web. @default '/v1/files/upload' */
  uploadUrl?: string;
  actions?: ActionSchema[];
}

/** Body of a `detail` page. */
export interface DetailBody {
  sections: SectionSchema[];
  /** Show the operation log (the record's `audit`). */
  audit?: boolean | { title?: string };
  actions?: ActionSchema[];
}

/** A measure of the aggregates API: a summable field of the model (`amount`), or `count`. */
export type Measure = string;

/** One summary figure of a statistics page. */
export interface FigureSchema {
  key: string;
  title: string;
  measure: Measure;
  /** Named grouping of the model to ask with (the figure is the total over the groups). */
  groupBy?: string;
  params?: Record<string, QueryValue>;
  /** @default 'money' for sums, 'count' for counts */
  format?: DisplayFormat;
  /** Unit text after the value. */
  suffix?: string;
}

/** One chart of a statistics page, drawn as SVG. */
export interface ChartSchema {
  key: string;
  title: string;
  type: 'bar' | 'line' | 'pie';
  /** A named grouping of the model (`aggregates.groupBy`), e.g. `month`, `status`, `counterparty`. */
  groupBy: string;
  measure: Measure;
  params?: Record<string, QueryValue>;
  /** Labels (and colours) of the group keys. */
  enum?: DictItem[];
  format?: DisplayFormat;
  /** Largest number of groups drawn; the rest are summed into '其他'. @default 12 */
  limit?: number;
}

/** Body of a `statistics` page. */
export interface StatisticsBody {
  /** Filter form fields (Formily); sent with every aggregate request. */
  filters?: FormilyProperties;
  figures?: FigureSchema[];
  charts?: ChartSchema[];
}

/** Page kinds. */
export type PageKind = 'list' | 'form' | 'approve' | 'upload' | 'detail' | 'statistics' | 'composite';

interface PageBase {
  /** Path of the meta-schema, for editors. */
  $schema?: string;
  schemaVersion: typeof CURRENT_SCHEMA_VERSION;
  route: RouteBlock;
  /** The business object the page reads and acts on (`schemas/_models/<model>.json`). */
  model?: string;
  /** Notes for analysts; not shown. */
  description?: string;
}

export interface ListPageSchema extends PageBase {
  page: 'list';
  list: ListBody;
}
export interface FormPageSchema extends PageBase {
  page: 'form';
  form: FormBody;
}
export interface ApprovePageSchema extends PageBase {
  page: 'approve';
  approve: ApproveBody;
}
export interface UploadPageSchema extends PageBase {
  page: 'upload';
  upload: UploadBody;
}
export interface DetailPageSchema extends PageBase {
  page: 'detail';
  detail: DetailBody;
}
export interface StatisticsPageSchema extends PageBase {
  page: 'statistics';
  statistics: StatisticsBody;
}

/** A page made of parts (renderer v2): containers holding lists, forms, details, statistics. */
export interface CompositePageSchema extends PageBase {
  page: 'composite';
  composite: CompositeBody;
}

/** A loaded page schema. */
export type PageSchema =
  | CompositePageSchema
  | ListPageSchema
  | FormPageSchema
  | ApprovePageSchema
  | UploadPageSchema
  | DetailPageSchema
  | StatisticsPageSchema;
