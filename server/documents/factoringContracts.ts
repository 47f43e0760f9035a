import type { FastifyInstance } from 'fastify';
import { formatPercent, toChineseCapital } from '@renderer/core/format';
import { ApiError } from '../errors';
import { chinaDay, type ModelEngine } from '../models';
import { actorOf } from '../models/modelRoutes';
import { renderPdf, type DocumentRow, type DocumentSection, type DocumentSpec } from './pdfDocument';
import { amountFigures, sendPdf, text } from './pdfReply';

/**
 * The contracts of a factoring deal (国内商业保理合同, 应收账款转让申请暨确认书, 付款通知书), written once for
 * every factoring variant: each product maps its finance record to a {@link FactoringDeal} and registers its
 * download route with {@link registerDealDocumentRoutes}. Generated from the record on each download,
 * never stored: the record is the source.
 */
export const FACTORING_DOCUMENTS = {
  contract: '国内商业保理合同',
  assignment: '应收账款转让申请暨确认书',
  notice: '付款通知书',
} as const;
export type FactoringDocumentKind = keyof typeof FACTORING_DOCUMENTS;

/**
 * The error of a document asked for before it exists, shared by every factoring variant (each product's
 * catalogue includes it once: factoring's; the others throw it through {@link documentNotReady}).
 */
export const FACTORING_DOCUMENT_ERRORS = {
  FACTORING_DOCUMENT_NOT_READY: { status: 200, message: '保理商审批通过后才能查看合同' },
} as const;

/** `SCF.FACTORING_DOCUMENT_NOT_READY`: the contract exists only from the factor's approval on. */
export const documentNotReady = (): ApiError =>
  new ApiError('FACTORING_DOCUMENT_NOT_READY', {}, null, FACTORING_DOCUMENT_ERRORS);

/** What a blank template prints where a value goes. */
export const BLANK = '________';

/** 「人民币壹仟贰佰叁拾肆元伍角」 of an amount (a blank line in a template, where there is none). */
export const capitals = (v: unknown): string => `人民币${text(v) === '' ? BLANK : toChineseCapital(text(v))}`;

/** 「¥1,234.50」 of an amount (a blank line in a template). */
const figures = (v: unknown): string => (text(v) === '' ? `¥${BLANK}` : amountFigures(v));

/** What the documents print of a deal, whatever its variant. */
export interface FactoringDeal {
  /** 保理合同编号. */
  contractNo: string;
  /** 融资编号. */
  financeNo: string;
  /** 甲方: the factor (in a joint deal, the funder whose contract it is). */
  factorName: string;
  creditorName: string;
  debtorName: string;
  /** What identifies the assigned receivable (应收账款编号, 基础合同编号, 到货确认单编号…). */
  receivableRows: DocumentRow[];
  receivableAmount: string;
  /** The receivable's due date (YYYY-MM-DD). */
  dueDate: string;
  financeAmount: string;
  interest: string;
  loanAmount: string;
  repayAmount: string;
  /** Rate and term rows of the finance (年化利率 or 月利率, 融资期限). */
  termRows: DocumentRow[];
  /** How interest is computed, e.g. 利息 = 融资金额 × 年化利率 × 融资天数 ÷ 360，计算结果四舍五入至分。 */
  interestRule: string;
  interestMode: 'PRE' | 'POST';
  /** 有追索 (true) or 无追索 (false); absent where the product has no such choice. */
  recourse?: boolean;
  /** 收款账户, when the record names one. */
  account?: string;
  /**
   * One funder's contract of a joint deal (联合保理): the lead funder, this funder's 份额比例 (%) and share
   * amount. The contract then finances the share of the whole (融资总额) rather than the whole.
   */
  share?: { leadName: string; ratio: string; shareAmount: string };
  /** The days (YYYY-MM-DD) each party signed, '' while unsigned. */
  signed: { factor: string; creditor: string; debtor: string };
}

/** How interest at an annual rate is computed (standard and joint factoring: a 360-day year). */
export const ANNUAL_INTEREST_RULE = '利息 = 融资金额 × 年化利率 × 融资天数 ÷ 360，计算结果四舍五入至分。';

/** Rate and term of a finance at an annual rate (standard and joint factoring), and how its interest is computed. */
export const annualTerms = (
  rate: unknown,
  days: unknown,
): Pick<FactoringDeal, 'termRows' | 'interestRule'> => ({
  termRows: [
    { label: '年化利率', value: formatPercent(text(rate), 4) },
    { label: '融资期限', value: `${text(days)}天（按每年360天计息）` },
  ],
  interestRule: ANNUAL_INTEREST_RULE,
});

/** Rate and term of a finance at a monthly rate (reverse and delivery factoring), and how its interest is computed. */
export const monthlyTerms = (
  rate: unknown,
  days: unknown,
): Pick<FactoringDeal, 'termRows' | 'interestRule'> => ({
  termRows: [
    { label: '月利率', value: formatPercent(text(rate), 4) },
    { label: '融资期限', value: `${text(days)}天` },
  ],
  interestRule: '利息 = 融资金额 × 月利率 × 融资天数 ÷ 30，计算结果四舍五入至分。',
});

/**
 * What a reverse or delivery finance record (factoringReverseFinance, factoringDeliveryFinance: the
 * applicant assigns to the factor a receivable on the core, at a monthly rate; the applicant's director
 * signs its review, the factor signs when lending) gives every document.
 */
export function supplierFinanceDeal(f: Record<string, unknown>): Omit<
  FactoringDeal,
  'receivableRows' | 'receivableAmount' | 'dueDate' | 'interestMode' | 'signed'
> & {
  signed: Omit<FactoringDeal['signed'], 'debtor'>;
} {
  return {
    contractNo: text(f.contractNo),
    financeNo: text(f.financeNo),
    factorName: text(f.factorName),
    creditorName: text(f.applicantName),
    debtorName: text(f.coreName),
    financeAmount: text(f.financeAmount),
    interest: text(f.interest),
    loanAmount: text(f.loanAmount),
    repayAmount: text(f.repayAmount),
    ...monthlyTerms(f.monthlyRate, f.financeDays),
    signed: { factor: doneOn(f, 'loan'), creditor: doneOn(f, 'submit') },
  };
}

const ARTICLES = ['一', '二', '三', '四', '五', '六'];
const signedNote = (day: string): string => (day ? '已使用UKEY电子签名' : '（待签署）');

/** An amount as two rows: 「label（小写）：¥1,234.50」 and 「label（大写）：人民币壹仟贰佰叁拾肆元伍角」. */
function amountRows(label: string, amount: unknown): DocumentRow[] {
  return [
    { label: `${label}（小写）`, value: figures(amount) },
    { label: `${label}（大写）`, value: capitals(amount) },
  ];
}

/** The day (China) an action was last done on a record, or '' when it was not. */
export function doneOn(rec: { audit?: Array<{ action: string; at: string }> }, action: string): string {
  const entry = [...(rec.audit ?? [])].reverse().find((a) => a.action === action);
  // `at` is China time as the detail answers it (a text without zone): its day is kept as is.
  return entry ? chinaDay(entry.at) : '';
}

/** The document `kind` of a deal. */
export function factoringDocument(kind: FactoringDocumentKind, deal: FactoringDeal): DocumentSpec {
  const { signed } = deal;
  const receivable: DocumentRow[] = [
    ...deal.receivableRows,
    { label: '债权人', value: deal.creditorName },
    { label: '债务人', value: deal.debtorName },
    ...amountRows('应收账款金额', deal.receivableAmount),
    { label: '应收账款到期日', value: deal.dueDate },
  ];
  const number = `保理合同编号：${deal.contractNo}`;
  const factor = {
    party: '保理商',
    name: deal.factorName,
    date: signed.factor,
    note: signedNote(signed.factor),
  };
  const creditor = {
    party: '债权人',
    name: deal.creditorName,
    date: signed.creditor,
    note: signedNote(signed.creditor),
  };
  if (kind === 'contract') {
    const terms: DocumentRow[] = [
      ...deal.termRows,
      { label: '利息方式', value: deal.interestMode === 'PRE' ? '利息前置' : '利息后置' },
      ...(deal.recourse === undefined
        ? []
        : [{ label: '追索方式', value: deal.recourse ? '有追索' : '无追索' }]),
    ];
    const account = deal.account ? [{ label: '收款账户', value: deal.account }] : [];
    const { share } = deal;
    const articles: DocumentSection[] = [
      { heading: '转让的应收账款', rows: receivable },
      share
        ? {
            heading: '联合保理融资及甲方份额',
            rows: [
              { label: '融资编号', value: deal.financeNo },
              { label: '牵头机构', value: share.leadName },
              ...amountRows('融资总额', deal.financeAmount),
              { label: '甲方份额比例', value: `${share.ratio}%` },
              ...amountRows('甲方份额金额', share.shareAmount),
              ...terms,
              ...account,
            ],
          }
        : {
            heading: '保理融资',
            rows: [
              { label: '融资编号', value: deal.financeNo },
              ...amountRows('融资金额', deal.financeAmount),
              ...terms,
              ...amountRows('利息', deal.interest),
              ...amountRows('实际放款金额', deal.loanAmount),
              ...amountRows('应回款金额', deal.repayAmount),
              ...account,
            ],
          },
      ...(deal.recourse === undefined
        ? []
        : [
            {
              heading: '追索方式',
              paragraphs: [
                deal.recourse
                  ? '本合同为有追索权保理：债务人到期未足额付款的，甲方有权向乙方追索未受偿的融资本金及利息，乙方应于收到追索通知之日起五个工作日内清偿。'
                  : '本合同为无追索权保理：债务人因信用风险到期未付款的，甲方不得向乙方追索，但乙方违反其陈述与保证或基础交易发生商业纠纷的除外。',
              ],
            },
          ]),
      {
        heading: '利息',
        paragraphs: [
          deal.interestMode === 'PRE'
            ? '利息前置：甲方放款时从融资金额中一次扣收全部利息，实际放款金额为融资金额减去利息；到期应回款金额为融资金额。'
            : '利息后置：甲方按融资金额全额放款，到期时利息随融资金额一并收取；到期应回款金额为融资金额加利息。',
          deal.interestRule,
        ],
      },
    ];
    return {
      title: FACTORING_DOCUMENTS.contract,
      number,
      sections: [
        {
          paragraphs: [
            `保理商（甲方）：${deal.factorName}`,
            `债权人（乙方）：${deal.creditorName}`,
            share
              ? `乙方将其对债务人${deal.debtorName}享有的下述应收账款转让给以${share.leadName}为牵头机构的参与机构，由各参与机构按份额向乙方提供联合保理融资。甲方按本合同约定的份额比例承担其份额，双方经协商一致，订立本合同。`
              : `乙方将其对债务人${deal.debtorName}享有的下述应收账款转让给甲方，甲方向乙方提供保理融资。双方经协商一致，订立本合同。`,
          ],
        },
        ...articles.map((a, i) => ({ ...a, heading: `第${ARTICLES[i]}条 ${a.heading}` })),
      ],
      signatures: [
        { ...factor, party: '甲方（保理商）' },
        { ...creditor, party: '乙方（债权人）' },
      ],
    };
  }
  if (kind === 'assignment')
    return {
      title: FACTORING_DOCUMENTS.assignment,
      number,
      sections: [
        {
          paragraphs: [
            `致：${deal.debtorName}`,
            `我司（${deal.creditorName}）已将对贵司享有的下述应收账款及其项下全部权利转让给${deal.factorName}，特此申请贵司确认。`,
          ],
        },
        { heading: '转让的应收账款', rows: receivable },
        {
          heading: '债务人确认',
          paragraphs: [
            `我司确认上述应收账款真实、有效，金额为${capitals(deal.receivableAmount)}（${figures(deal.receivableAmount)}），我司已知悉其转让事宜，将于到期日${deal.dueDate}前向${deal.factorName}付款，不以任何抗辩或抵销对抗受让人。`,
          ],
        },
      ],
      signatures: [
        creditor,
        { party: '债务人', name: deal.debtorName, date: signed.debtor, note: signedNote(signed.debtor) },
      ],
    };
  return {
    title: FACTORING_DOCUMENTS.notice,
    number,
    sections: [
      {
        paragraphs: [
          `致：${deal.debtorName}`,
          `根据${deal.creditorName}与${deal.factorName}签订的国内商业保理合同（编号${deal.contractNo}），${deal.creditorName}已将对贵司的下述应收账款转让给${deal.factorName}。`,
          `请贵司于${deal.dueDate}前将应付款项${capitals(deal.receivableAmount)}（${figures(deal.receivableAmount)}）支付至${deal.factorName}指定账户，向其他任何人付款不发生清偿效力。`,
        ],
      },
      { heading: '应收账款', rows: receivable },
    ],
    signatures: [{ ...creditor, party: '通知人（债权人）' }, factor],
  };
}

/** How a product's finance records become deals and where their documents are downloaded. */
export interface DealDocuments {
  /** Under /api/web: `${api}/{kind}/{id}`, or `${api}/{id}` for a product with {@link DealDocuments.only} one. */
  api: string;
  model: string;
  /** The documents the product has (default: all three). */
  kinds?: readonly FactoringDocumentKind[];
  /** The one document of the model's records (e.g. a joint deal's contract per funder): no kind in the path. */
  only?: FactoringDocumentKind;
  /** States in which the contract exists (from the factor's approval on, not refused); default: all. */
  states?: ReadonlySet<string>;
  /** The error when the record is in another state. */
  notReady?: () => ApiError;
  deal: (rec: Record<string, unknown>) => FactoringDeal;
  /** The record's number in the file name, e.g. its 融资编号. */
  fileNo: (rec: Record<string, unknown>) => string;
}

/**
 * GET `${api}/{kind}/{id}` (or `${api}/{id}`): a document as PDF for an enterprise that sees the record,
 * once the contract exists (a browser download: a navigation, the session cookie decides); `?view=1` shows it.
 */
export function registerDealDocumentRoutes(
  app: FastifyInstance,
  engine: ModelEngine,
  d: DealDocuments,
): void {
  const kinds = new Set<string>(d.only ? [d.only] : (d.kinds ?? Object.keys(FACTORING_DOCUMENTS)));
  app.get<{ Params: { kind?: string; id: string }; Querystring: { view?: string } }>(
    d.only ? `${d.api}/:id` : `${d.api}/:kind/:id`,
    { config: { navigation: true } },
    async (req, reply) => {
      const kind = (req.params.kind ?? d.only) as FactoringDocumentKind;
      if (!kinds.has(kind)) throw new ApiError('NOT_FOUND');
      const rec = (await engine.get(actorOf(req), d.model, req.params.id)) as unknown as Record<
        string,
        unknown
      >;
      if (d.states && !d.states.has(text(rec.status))) throw d.notReady?.() ?? new ApiError('NOT_FOUND');
      const pdf = await renderPdf(factoringDocument(kind, d.deal(rec)));
      // `?view=1` (查看合同): shown in the browser; else saved (下载).
      return sendPdf(
        reply,
        pdf,
        `${FACTORING_DOCUMENTS[kind]}-${d.fileNo(rec)}.pdf`,
        req.query.view === '1' ? 'inline' : 'attachment',
      );
    },
  );
}
