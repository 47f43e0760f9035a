import type { FastifyInstance } from 'fastify';
import { formatPercent } from '@renderer/core/format';
import {
  ANNUAL_INTEREST_RULE,
  capitals,
  doneOn,
  FACTORING_DOCUMENTS,
  type FactoringDocumentKind,
} from '../../documents/factoringContracts';
import { ApiError } from '../../errors';
import {
  renderPdf,
  type DocumentRow,
  type DocumentSection,
  type DocumentSpec,
} from '../../documents/pdfDocument';
import { amountFigures, sendPdf, text } from '../../documents/pdfReply';
import type { ModelEngine } from '../../models';
import { actorOf } from '../../models/modelRoutes';
import { factoringError } from './errors';

// The documents' names and helpers are the ones every factoring variant uses (reverse and delivery build
// theirs from a deal in server/documents/factoringContracts.ts).
export { FACTORING_DOCUMENTS, type FactoringDocumentKind };

/** Where a document is downloaded (under /api/web): `/biz/v1/factoring/documents/{kind}/{loanId}`. */
export const FACTORING_DOCUMENTS_API = '/biz/v1/factoring/documents';

/** Where a funder's contract of a joint deal is downloaded: `/biz/v1/factoring/joint-contracts/{contractId}`. */
export const FACTORING_JOINT_CONTRACT_API = '/biz/v1/factoring/joint-contracts';

/** States in which the contracts exist: from the factor's signed approval on (not refused). */
const CONTRACT_STATES = new Set(['FL4', 'FL5', 'FL6', 'FL7', 'FL8', 'FL9', 'FLD']);

type Loan = Record<string, unknown> & {
  audit: Array<{ action: string; at: string }>;
};

const INTEREST_MODES: Record<string, string> = { PRE: '利息前置', POST: '利息后置' };
const RECOURSE: Record<string, string> = { RECOURSE: '有追索', NON_RECOURSE: '无追索' };

const signedNote = (day: string): string => (day ? '已使用UKEY电子签名' : '（待签署）');

/** An amount as two rows: 「label（小写）：¥1,234.50」 and 「label（大写）：人民币壹仟贰佰叁拾肆元伍角」. */
function amountRows(label: string, amount: unknown): DocumentRow[] {
  return [
    { label: `${label}（小写）`, value: amountFigures(amount) },
    { label: `${label}（大写）`, value: capitals(amount) },
  ];
}

/** The receivable a contract transfers, as its rows. */
function receivableRows(loan: Record<string, unknown>): DocumentRow[] {
  return [
    { label: '应收账款编号', value: text(loan.receivableNo) },
    { label: '基础合同编号', value: text(loan.contractNo) },
    { label: '债权人', value: text(loan.creditorName) },
    { label: '债务人', value: text(loan.debtorName) },
    ...amountRows('应收账款金额', loan.receivableAmount),
    { label: '应收账款到期日', value: text(loan.dueDate) },
  ];
}

/** Rate, term, interest mode and recourse of a deal. */
function rateRows(loan: Record<string, unknown>): DocumentRow[] {
  return [
    { label: '年化利率', value: formatPercent(text(loan.annualRate), 4) },
    { label: '融资期限', value: `${text(loan.financeDays)}天（按每年360天计息）` },
    { label: '利息方式', value: INTEREST_MODES[text(loan.interestMode)] ?? '' },
    { label: '追索方式', value: RECOURSE[text(loan.recourse)] ?? '' },
  ];
}

function accountRow(loan: Record<string, unknown>): DocumentRow {
  return {
    label: '收款账户',
    value: `${text(loan.accountName)}，${text(loan.accountNo)}，${text(loan.bankName)}（联行号${text(loan.bankCode)}）`,
  };
}

/** 第三条 追索方式 and 第四条 利息 of a factoring contract. */
function termSections(loan: Record<string, unknown>): DocumentSection[] {
  return [
    {
      heading: '第三条 追索方式',
      paragraphs: [
        loan.recourse === 'NON_RECOURSE'
          ? '本合同为无追索权保理：债务人因信用风险到期未付款的，甲方不得向乙方追索，但乙方违反其陈述与保证或基础交易发生商业纠纷的除外。'
          : '本合同为有追索权保理：债务人到期未足额付款的，甲方有权向乙方追索未受偿的融资本金及利息，乙方应于收到追索通知之日起五个工作日内清偿。',
      ],
    },
    {
      heading: '第四条 利息',
      paragraphs: [
        loan.interestMode === 'PRE'
          ? '利息前置：甲方放款时从融资金额中一次扣收全部利息，实际放款金额为融资金额减去利息；到期应回款金额为融资金额。'
          : '利息后置：甲方按融资金额全额放款，到期时利息随融资金额一并收取；到期应回款金额为融资金额加利息。',
        ANNUAL_INTEREST_RULE,
      ],
    },
  ];
}

/** The document `kind` of a loan record (as its reader sees it). */
export function factoringDocument(kind: FactoringDocumentKind, loan: Loan): DocumentSpec {
  const factorDay = doneOn(loan, 'factorApprove');
  const creditorDay = doneOn(loan, 'sign');
  const debtorDay = doneOn(loan, 'ownerSign');
  const receivable = receivableRows(loan);
  const number = `保理合同编号：${text(loan.factoringContractNo)}`;
  if (kind === 'contract')
    return {
      title: FACTORING_DOCUMENTS.contract,
      number,
      sections: [
        {
          paragraphs: [
            `保理商（甲方）：${text(loan.factorName)}`,
            `债权人（乙方）：${text(loan.creditorName)}`,
            `乙方将其对债务人${text(loan.debtorName)}享有的下述应收账款转让给甲方，甲方向乙方提供保理融资。双方经协商一致，订立本合同。`,
          ],
        },
        { heading: '第一条 转让的应收账款', rows: receivable },
        {
          heading: '第二条 保理融资',
          rows: [
            { label: '融资编号', value: text(loan.loanNo) },
            ...amountRows('融资金额', loan.financeAmount),
            ...rateRows(loan),
            ...amountRows('利息', loan.interest),
            ...amountRows('实际放款金额', loan.loanAmount),
            ...amountRows('应回款金额', loan.repayAmount),
            accountRow(loan),
          ],
        },
        ...termSections(loan),
      ],
      signatures: [
        {
          party: '甲方（保理商）',
          name: text(loan.factorName),
          date: factorDay,
          note: signedNote(factorDay),
        },
        {
          party: '乙方（债权人）',
          name: text(loan.creditorName),
          date: creditorDay,
          note: signedNote(creditorDay),
        },
      ],
    };
  if (kind === 'assignment')
    return {
      title: FACTORING_DOCUMENTS.assignment,
      number,
      sections: [
        {
          paragraphs: [
            `致：${text(loan.debtorName)}`,
            `我司（${text(loan.creditorName)}）已将对贵司享有的下述应收账款及其项下全部权利转让给${text(loan.factorName)}，特此申请贵司确认。`,
          ],
        },
        { heading: '转让的应收账款', rows: receivable },
        {
          heading: '债务人确认',
          paragraphs: [
            `我司确认上述应收账款真实、有效，金额为${capitals(loan.receivableAmount)}（${amountFigures(loan.receivableAmount)}），我司已知悉其转让事宜，将于到期日${text(loan.dueDate)}前向${text(loan.factorName)}付款，不以任何抗辩或抵销对抗受让人。`,
          ],
        },
      ],
      signatures: [
        { party: '债权人', name: text(loan.creditorName), date: creditorDay, note: signedNote(creditorDay) },
        { party: '债务人', name: text(loan.debtorName), date: debtorDay, note: signedNote(debtorDay) },
      ],
    };
  return {
    title: FACTORING_DOCUMENTS.notice,
    number,
    sections: [
      {
        paragraphs: [
          `致：${text(loan.debtorName)}`,
          `根据${text(loan.creditorName)}与${text(loan.factorName)}签订的国内商业保理合同（编号${text(loan.factoringContractNo)}），${text(loan.creditorName)}已将对贵司的下述应收账款转让给${text(loan.factorName)}。`,
          `请贵司于${text(loan.dueDate)}前将应付款项${capitals(loan.receivableAmount)}（${amountFigures(loan.receivableAmount)}）支付至${text(loan.factorName)}指定账户，向其他任何人付款不发生清偿效力。`,
        ],
      },
      { heading: '应收账款', rows: receivable },
    ],
    signatures: [
      {
        party: '通知人（债权人）',
        name: text(loan.creditorName),
        date: creditorDay,
        note: signedNote(creditorDay),
      },
      { party: '保理商', name: text(loan.factorName), date: factorDay, note: signedNote(factorDay) },
    ],
  };
}

/**
 * One funder's 国内商业保理合同 of a joint deal (factoringJointContract): the funder (甲方) and the
 * creditor (乙方), the deal's total and this funder's 份额比例 and share amount in figures and capitals.
 */
export function jointContractDocument(contract: Loan): DocumentSpec {
  const creditorDay = doneOn(contract, 'sign');
  const funderDay = doneOn(contract, 'funderSign');
  return {
    title: FACTORING_DOCUMENTS.contract,
    number: `保理合同编号：${text(contract.factoringContractNo)}`,
    sections: [
      {
        paragraphs: [
          `保理商（甲方）：${text(contract.funderName)}`,
          `债权人（乙方）：${text(contract.creditorName)}`,
          `乙方将其对债务人${text(contract.debtorName)}享有的下述应收账款转让给以${text(contract.leadName)}为牵头机构的参与机构，由各参与机构按份额向乙方提供联合保理融资。甲方按本合同约定的份额比例承担其份额，双方经协商一致，订立本合同。`,
        ],
      },
      { heading: '第一条 转让的应收账款', rows: receivableRows(contract) },
      {
        heading: '第二条 联合保理融资及甲方份额',
        rows: [
          { label: '融资编号', value: text(contract.loanNo) },
          { label: '牵头机构', value: text(contract.leadName) },
          ...amountRows('融资总额', contract.financeAmount),
          { label: '甲方份额比例', value: `${text(contract.ratio)}%` },
          ...amountRows('甲方份额金额', contract.shareAmount),
          ...rateRows(contract),
          accountRow(contract),
        ],
      },
      ...termSections(contract),
    ],
    signatures: [
      {
        party: '甲方（保理商）',
        name: text(contract.funderName),
        date: funderDay,
        note: signedNote(funderDay),
      },
      {
        party: '乙方（债权人）',
        name: text(contract.creditorName),
        date: creditorDay,
        note: signedNote(creditorDay),
      },
    ],
  };
}

/**
 * GET /biz/v1/factoring/documents/{kind}/{loanId}: the contract as PDF for an enterprise that sees the
 * loan, once the factor has approved it (a browser download: a navigation, the session cookie decides).
 */
export function registerFactoringDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  app.get<{ Params: { kind: string; id: string } }>(
    `${FACTORING_DOCUMENTS_API}/:kind/:id`,
    { config: { navigation: true } },
    async (req, reply) => {
      const kind = req.params.kind as FactoringDocumentKind;
      if (!Object.hasOwn(FACTORING_DOCUMENTS, kind)) throw new ApiError('NOT_FOUND');
      const loan = (await engine.get(actorOf(req), 'factoringLoan', req.params.id)) as unknown as Loan;
      if (!CONTRACT_STATES.has(text(loan.status))) throw factoringError('FACTORING_DOCUMENT_NOT_READY');
      const pdf = await renderPdf(factoringDocument(kind, loan));
      return sendPdf(reply, pdf, `${FACTORING_DOCUMENTS[kind]}-${text(loan.loanNo)}.pdf`);
    },
  );
  // A joint deal's contract of one funder: its creditor and that funder see it (the model's visibility).
  app.get<{ Params: { id: string } }>(
    `${FACTORING_JOINT_CONTRACT_API}/:id`,
    { config: { navigation: true } },
    async (req, reply) => {
      const contract = (await engine.get(
        actorOf(req),
        'factoringJointContract',
        req.params.id,
      )) as unknown as Loan;
      const pdf = await renderPdf(jointContractDocument(contract));
      return sendPdf(reply, pdf, `${FACTORING_DOCUMENTS.contract}-${text(contract.factoringContractNo)}.pdf`);
    },
  );
}
