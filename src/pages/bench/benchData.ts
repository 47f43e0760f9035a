/**
 * The fields and rows of the render bench, shared by the schema variant and the hand-written antd
 * variant so both render the same thing (PERFORMANCE.md: 60% Input, 20% number, 10% Select,
 * 10% DatePicker, all required; lists of 12 columns: text, money, status tag, action link).
 */
import type { FormilyProperties, FormPageSchema, ListPageSchema } from '@renderer';

export type FieldKind = 'input' | 'number' | 'select' | 'date';

/** One bench field. */
export interface BenchField {
  name: string;
  title: string;
  kind: FieldKind;
}

export const SELECT_OPTIONS = [
  { value: 'A', label: '选项甲' },
  { value: 'B', label: '选项乙' },
  { value: 'C', label: '选项丙' },
];

/** `n` fields in the proportions of PERFORMANCE.md. */
export function benchFields(n: number): BenchField[] {
  return Array.from({ length: n }, (_, i) => {
    const slot = i % 10;
    const kind: FieldKind = slot < 6 ? 'input' : slot < 8 ? 'number' : slot < 9 ? 'select' : 'date';
    return { name: `f${i}`, title: `字段${i + 1}`, kind };
  });
}

const COMPONENT: Record<FieldKind, string> = {
  input: 'Input',
  number: 'NumberPicker',
  select: 'Select',
  date: 'DatePicker',
};

/** The form page schema of `n` fields. */
export function benchFormSchema(n: number): FormPageSchema {
  const properties: FormilyProperties = {};
  for (const field of benchFields(n)) {
    properties[field.name] = {
      type: field.kind === 'number' ? 'number' : 'string',
      title: field.title,
      required: true,
      'x-decorator': 'FormItem',
      'x-component': COMPONENT[field.kind],
      ...(field.kind === 'select' ? { enum: SELECT_OPTIONS } : {}),
    };
  }
  return {
    schemaVersion: 2,
    route: { path: '/bench/form', title: '表单' },
    page: 'form',
    model: 'bench',
    form: { properties, columns: 2, actions: [{ key: 'submit', label: '提交', type: 'submit' }] },
  };
}

/** The 12 list columns. */
export const LIST_COLUMNS = [
  { field: 'voucherNo', title: '凭证编号' },
  { field: 'issuerName', title: '签发人' },
  { field: 'holderName', title: '持有人' },
  { field: 'amount', title: '凭证金额', format: 'money' },
  { field: 'availableAmount', title: '可用金额', format: 'money' },
  { field: 'issueDate', title: '签发日期', format: 'date' },
  { field: 'dueDate', title: '到期日', format: 'date' },
  { field: 'contractNo', title: '合同编号' },
  { field: 'statementNo', title: '对账单编号' },
  { field: 'limitSource', title: '额度来源' },
  {
    field: 'status',
    title: '状态',
    enum: [
      { value: 'ISD', label: '已签发', color: 'green' },
      { value: 'FID', label: '已融资', color: 'blue' },
    ],
  },
] as const;

/** The list page schema of `r` rows per page (11 data columns and the action column). */
export function benchListSchema(r: number): ListPageSchema {
  return {
    schemaVersion: 2,
    route: { path: '/bench/list', title: '列表' },
    page: 'list',
    model: 'bench',
    list: {
      columns: LIST_COLUMNS.map((c) => ({
        ...c,
        ...('enum' in c ? { enum: [...c.enum] } : {}),
      })) as ListPageSchema['list']['columns'],
      rowActions: [{ key: 'detail', label: '详情', type: 'navigate', to: '/bench/detail?id={id}' }],
      pageSize: r,
    },
  };
}

/** `r` rows of list data. */
export function benchRows(r: number): Array<Record<string, string>> {
  return Array.from({ length: r }, (_, i) => ({
    id: `v${i}`,
    voucherNo: `CV2026112200${String(i).padStart(4, '0')}`,
    issuerName: '华建集团第一工程局有限公司',
    holderName: i % 2 ? '华建建材供应有限公司' : '华建一局第三项目部',
    amount: `${(i + 1) * 1234567}.${String(i % 100).padStart(2, '0')}`,
    availableAmount: `${(i + 1) * 1000}.50`,
    issueDate: '2026-11-20',
    dueDate: '2027-05-20',
    contractNo: `HT-2026-${i}`,
    statementNo: `DZ-2026-${i}`,
    limitSource: '集团授信',
    status: i % 3 ? 'ISD' : 'FID',
  }));
}
