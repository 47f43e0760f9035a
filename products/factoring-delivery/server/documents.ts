import type { FastifyInstance } from 'fastify';
import { ApiError } from '@server/errors';
import {
  capitals,
  documentNotReady,
  registerDealDocumentRoutes,
  supplierFinanceDeal,
} from '@server/documents/factoringContracts';
import { agreementArticles, fragmentAgreement } from '@server/documents/agreementText';
import { renderPdf, type DocumentSpec } from '@server/documents/pdfDocument';
import { amountFigures, sendPdf, text } from '@server/documents/pdfReply';
import type { ModelEngine } from '@server/models';
import { actorOf } from '@server/models/modelRoutes';
import { addDays } from '@server/models/recordWriter';

/** Where a delivery factoring document is downloaded (under /api/web): `${API}/{kind}/{financeId}`. */
export const DELIVERY_DOCUMENTS_API = '/biz/v1/factoring/delivery/documents';

/** From the factor's approval (the contract number) on: 待放款, 已放款, 已回款. */
const CONTRACT_STATES = new Set(['DF2', 'DFD', 'DFR']);

/**
 * The documents of a delivery factoring finance (factoringDeliveryFinance): the 国内商业保理合同 and the
 * 付款通知书 to the core (whose consent is the tripartite agreement, so there is no separate 转让确认书).
 * The receivable is the confirmed arrival; it falls due at the end of the finance term.
 */
export function registerDeliveryDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  registerAgreementRoute(app, engine);
  registerDealDocumentRoutes(app, engine, {
    api: DELIVERY_DOCUMENTS_API,
    model: 'factoringDeliveryFinance',
    kinds: ['contract', 'notice'],
    states: CONTRACT_STATES,
    notReady: documentNotReady,
    fileNo: (f) => text(f.financeNo),
    deal: (f) => {
      const base = supplierFinanceDeal(f);
      return {
        ...base,
        receivableRows: [
          { label: '到货确认单编号', value: text(f.orderNo) },
          { label: '运单号', value: text(f.waybillNo) },
          { label: '货物名称', value: text(f.goodsName) },
        ],
        receivableAmount: text(f.deliveredAmount),
        dueDate: addDays(text(f.loanDate) || text(f.applyDate), Number(f.financeDays)),
        // Delivery factoring deducts the interest when lending (利息前置).
        interestMode: 'PRE',
        // No debtor signs the delivery documents (its consent is the tripartite agreement).
        signed: { ...base.signed, debtor: '' },
      };
    },
  });
}

/** Where an agreement's text is downloaded (under /api/web): `${API}/{agreementId}`. */
export const DELIVERY_AGREEMENTS_API = '/biz/v1/factoring/delivery/agreements';

/** The agreements' texts: the page fragment the sign pages and the apply form show (one field per kind). */
const AGREEMENT_TEXTS = '_fragments/factoring-delivery-agreements.json';
function agreementText(kind: string): { title: string; content: string } {
  const found = fragmentAgreement(AGREEMENT_TEXTS, kind.toLowerCase());
  if (!found) throw new ApiError('NOT_FOUND');
  return found;
}

/** An agreement (factoringDeliveryAgreement) as a document: its parties and terms, the text, each party's signature. */
export function agreementDocument(a: Record<string, unknown>): DocumentSpec {
  const { title, content } = agreementText(text(a.kind));
  const articles = agreementArticles(content);
  const signed = (party: string, name: unknown, day: unknown, signer: unknown) => ({
    party,
    name: text(name),
    date: text(day),
    note: text(day) ? `已使用UKEY电子签名（${text(signer)}）` : '（待签署）',
  });
  return {
    title: title.replace(/[《》]/g, ''),
    number: `协议编号：${text(a.agreementNo)}`,
    sections: [
      {
        rows: [
          { label: '核心企业', value: text(a.coreName) },
          { label: '供应商', value: text(a.supplierName) },
          { label: '保理商', value: text(a.factorName) },
          { label: '白名单编号', value: text(a.whiteNo) },
          { label: '融资额度（小写）', value: amountFigures(a.limitAmount) },
          { label: '融资额度（大写）', value: capitals(a.limitAmount) },
          { label: '有效期至', value: text(a.validUntil) },
        ],
      },
      ...articles,
    ],
    // Each party that signs (the core only the tripartite agreement), in the order they sign.
    signatures: [
      signed('供应商', a.supplierName, a.signDate, a.signerName),
      ...(a.kind === 'TRIPARTITE' ? [signed('核心企业', a.coreName, a.coreSignDate, a.coreSignerName)] : []),
      signed('保理商', a.factorName, a.factorSignDate, a.factorSignerName),
    ],
  };
}

/** GET `${DELIVERY_AGREEMENTS_API}/{id}`: the agreement's text as PDF for its supplier, core and factor. */
function registerAgreementRoute(app: FastifyInstance, engine: ModelEngine): void {
  app.get<{ Params: { id: string } }>(
    `${DELIVERY_AGREEMENTS_API}/:id`,
    { config: { navigation: true } },
    async (req, reply) => {
      const a = (await engine.get(
        actorOf(req),
        'factoringDeliveryAgreement',
        req.params.id,
      )) as unknown as Record<string, unknown>;
      const doc = agreementDocument(a);
      return sendPdf(reply, await renderPdf(doc), `${doc.title}-${text(a.agreementNo)}.pdf`);
    },
  );
}
