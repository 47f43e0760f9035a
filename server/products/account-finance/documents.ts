import type { FastifyInstance } from 'fastify';
import { toChineseCapital } from '@renderer/core/format';
import { schemaTreeJson } from '@renderer/core/node';
import { renderPdf, type DocumentSpec } from '../../documents/pdfDocument';
import { amountFigures, sendPdf, text } from '../../documents/pdfReply';
import { ApiError } from '../../errors';
import type { ModelEngine } from '../../models';
import { actorOf } from '../../models/modelRoutes';
import { BILL, INVOICE, RECEIPT } from './effects';
import { accountError } from './errors';

/** Where the account centre's documents are downloaded (under /api/web): `{api}/{kind}/{id}`. */
export const ACCOUNT_DOCUMENTS_API = '/biz/v1/account-finance/documents';

type Rec = Record<string, unknown>;
type Dict = { items: ReadonlyArray<{ value: string; label: string }> };
/** A dictionary value's label ('' for an unknown one). */
const label = (dict: Dict, v: unknown): string => dict.items.find((i) => i.value === v)?.label ?? '';
const billTypes = schemaTreeJson<Dict>('_dicts/accountBillType.json');
const invoiceTypes = schemaTreeJson<Dict>('_dicts/accountInvoiceType.json');

/** The bill (账单) an institution issued to an enterprise, with its payment once paid. */
export function billDocument(b: Rec): DocumentSpec {
  const paid = b.status === 'BL1';
  return {
    title: `账单（${label(billTypes, b.billType)}）`,
    number: `账单编号：${text(b.billNo)}`,
    sections: [
      {
        rows: [
          { label: '出账机构', value: text(b.issuerName) },
          { label: '付款企业', value: text(b.debtorName) },
          { label: '账单类型', value: label(billTypes, b.billType) },
          { label: '账期', value: text(b.period) },
          { label: '账单金额（小写）', value: amountFigures(b.amount) },
          { label: '账单金额（大写）', value: toChineseCapital(text(b.amount)) },
          { label: '应付日期', value: text(b.dueDate) },
          { label: '支付状态', value: paid ? `已于${text(b.paidDate)}支付` : '待支付' },
          ...(paid ? [{ label: '支付流水号', value: text(b.paidTxNo) }] : []),
          ...(b.remark ? [{ label: '备注', value: text(b.remark) }] : []),
        ],
      },
    ],
  };
}

/** The electronic invoice of an issued (or red-flushed) invoice record. */
export function invoiceDocument(v: Rec): DocumentSpec {
  return {
    title: `电子发票（${label(invoiceTypes, v.invoiceType)}）`,
    number: `发票代码：${text(v.invoiceCode)}  发票号码：${text(v.invoiceNo)}`,
    sections: [
      {
        heading: '购买方',
        rows: [
          { label: '名称', value: text(v.invoiceTitle) },
          { label: '纳税人识别号', value: text(v.taxNo) },
          { label: '地址、电话', value: text(v.buyerAddressPhone) },
          { label: '开户行及账号', value: text(v.buyerBank) },
        ],
      },
      {
        heading: '开票内容',
        rows: [
          { label: '账单编号', value: text(v.billNo) },
          { label: '价税合计（小写）', value: amountFigures(v.amount) },
          { label: '价税合计（大写）', value: toChineseCapital(text(v.amount)) },
          { label: '开票日期', value: text(v.issueDate) },
        ],
      },
      ...(v.status === 'IV2' ? [{ heading: '已红冲', paragraphs: [`红冲原因：${text(v.redReason)}`] }] : []),
    ],
    signatures: [{ party: '销售方', name: text(v.sellerName), date: text(v.issueDate), note: '发票专用章' }],
  };
}

/** The bank receipt (电子回单) of a transaction. */
export function receiptDocument(r: Rec): DocumentSpec {
  const out = r.direction === 'out';
  return {
    title: '电子账户交易回单',
    number: `回单编号：${text(r.receiptNo)}`,
    sections: [
      {
        rows: [
          { label: '交易流水号', value: text(r.txNo) },
          { label: '交易日期', value: text(r.txDate) },
          { label: out ? '付款方' : '收款方', value: `${text(r.corpName)}（电子账号${text(r.accountNo)}）` },
          {
            label: out ? '收款方' : '付款方',
            value: `${text(r.counterpartyName)}${r.counterpartyAccountNo ? `（账号${text(r.counterpartyAccountNo)}）` : ''}`,
          },
          { label: '交易方向', value: out ? '转出' : '转入' },
          { label: '金额（小写）', value: amountFigures(r.amount) },
          { label: '金额（大写）', value: toChineseCapital(text(r.amount)) },
          { label: '摘要', value: text(r.summary) },
        ],
      },
    ],
  };
}

const KINDS = {
  bill: { model: BILL, name: '账单', numberField: 'billNo', document: billDocument },
  invoice: { model: INVOICE, name: '电子发票', numberField: 'invoiceNo', document: invoiceDocument },
  receipt: { model: RECEIPT, name: '电子回单', numberField: 'receiptNo', document: receiptDocument },
} as const;

/**
 * GET /biz/v1/account-finance/documents/{bill|invoice|receipt}/{id}: the PDF of a record the user's
 * enterprise sees (a browser download), generated from the record; an invoice once issued.
 */
export function registerAccountDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  app.get<{ Params: { kind: string; id: string } }>(
    `${ACCOUNT_DOCUMENTS_API}/:kind/:id`,
    { config: { navigation: true } },
    async (req, reply) => {
      if (!Object.hasOwn(KINDS, req.params.kind)) throw new ApiError('NOT_FOUND');
      const kind = KINDS[req.params.kind as keyof typeof KINDS];
      const record = (await engine.get(actorOf(req), kind.model, req.params.id)) as Rec;
      if (kind.model === INVOICE && record.status === 'IV0') throw accountError('ACCOUNT_DOCUMENT_NOT_READY');
      const pdf = await renderPdf(kind.document(record));
      return sendPdf(reply, pdf, `${kind.name}-${text(record[kind.numberField])}.pdf`);
    },
  );
}
