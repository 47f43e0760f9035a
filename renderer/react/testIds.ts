/**
 * `data-testid`s derived from the schema, so that tests (and testers) address what an analyst wrote,
 * and a change in layout does not break them. The rule (renderer/README.md):
 *
 * | what | test id | example |
 * |---|---|---|
 * | page root | `schema-page` (with `data-page-kind`) | |
 * | form field (decorator) | `field-<data path>` | `field-amount`, `field-statements.0.billAmount` |
 * | query form field | `query-<name>` | `query-voucherNo` |
 * | statistics filter | `filter-<name>` | `filter-issueDate` |
 * | list column header | `column-<field>` | `column-amount` |
 * | list row / cell | `row-<index>` / `cell-<field>` inside it | `row-0` › `cell-status` |
 * | button | `action-<area>-<key>` (area: toolbar, row, form, approve, detail, upload, document, query) | `action-row-detail` |
 * | list tab | `tab-<key>` | `tab-issued` |
 * | section / detail value | `section-<key>` / `detail-<section>-<field>[-<format>]` | `detail-apply-amount-capital` |
 * | upload slot / document | `slot-<key>` / `document-<slot>-<index>` | `slot-contract` |
 * | statistics figure / chart | `figure-<key>` / `chart-<key>` | `chart-byMonth` |
 * | list summary row / its cell | `list-summary` / `summary-<field>` | `summary-amount` |
 * | list settings, density, batch answer | `list-settings`, `list-density`, `batch-result` (rows `batch-result-<id>`) | |
 * | expanded row's field | `detail-expand-<field>` | `detail-expand-remark` |
 * | composite part / panel / step | `part-<key>` / `panel-<key>` / `step-<key>` | `part-applications` |
 * | dialog of an action | `dialog-<action key>`, its buttons `action-dialog-submit` / `-cancel` | `dialog-edit` |
 * | result dialog, its values, its button | `result-dialog`, `result-<answer field>`, `action-result-close` | `result-initialPassword` |
 *
 * Keys are the schema's own names (`key`, `field`), never positions in the file, so reordering a
 * schema keeps its ids. A repeated detail field (the same field in another format) adds the format.
 */

/** Areas of buttons. */
export type ActionArea =
  | 'toolbar'
  | 'row'
  | 'batch'
  | 'form'
  | 'approve'
  | 'detail'
  | 'upload'
  | 'document'
  | 'query'
  | 'step'
  | 'composite'
  | 'dialog'
  /** A result part's line: its link's 打开 button (`action-result-<line key>-open`). */
  | 'result';

/** Prefix of form-field ids by the form they are in. */
export type FieldScope = 'field' | 'query' | 'filter';

export const testIds = {
  page: 'schema-page',
  field: (scope: FieldScope, path: string) => `${scope}-${path}`,
  column: (field: string) => `column-${field}`,
  row: (index: number) => `row-${index}`,
  cell: (field: string) => `cell-${field}`,
  action: (area: ActionArea, key: string) => `action-${area}-${key}`,
  tab: (key: string) => `tab-${key}`,
  /** A part of a composite page, a collapse panel, a step of a steps container. */
  part: (key: string) => `part-${key}`,
  panel: (key: string) => `panel-${key}`,
  step: (key: string) => `step-${key}`,
  /** A dialog or drawer opened by an action, by the action's key. */
  dialog: (key: string) => `dialog-${key}`,
  /** The dialog an action's `result` opens, and an answer's value in it. */
  resultDialog: 'result-dialog',
  resultValue: (field: string) => `result-${field}`,
  resultClose: 'action-result-close',
  section: (key: string) => `section-${key}`,
  detail: (section: string, field: string, format?: string) =>
    `detail-${section}-${field}${format ? `-${format}` : ''}`,
  slot: (key: string) => `slot-${key}`,
  document: (slot: string, index: number) => `document-${slot}-${index}`,
  figure: (key: string) => `figure-${key}`,
  chart: (key: string) => `chart-${key}`,
  reason: 'action-reason',
  opinion: 'approve-opinion',
  empty: 'list-empty',
  /** The notice of a list that reads itself again while rows are running (ListBody.poll). */
  listPoll: 'list-poll',
  /** The notice of a composite page that reads its record again while it is changing (record.poll). */
  recordPoll: 'record-poll',
  error: 'page-error',
  /** A record page opened without its record's id. */
  missingRecord: 'missing-record',
  signProgress: 'sign-progress',
  summaryRow: 'list-summary',
  summary: (field: string) => `summary-${field}`,
  listSettings: 'list-settings',
  listDensity: 'list-density',
  batchResult: 'batch-result',
  batchResultRow: (id: string) => `batch-result-${id}`,
  /** The file input an import action opens, and the message of a refused import. */
  importInput: (key: string) => `import-${key}`,
  importError: 'import-error',
  /** Shown while a part of the page (its kind, its widgets, its data) is still loading. */
  loading: 'page-loading',
} as const;
