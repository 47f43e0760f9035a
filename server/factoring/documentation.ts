import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@contract/api';
import { PRODUCTS } from '@contract/products';
import { CHECKOUT_SCHEMAS } from '@renderer/core/node';
import { grantedRoutes } from '@renderer/core/routes';
import {
  ANNUAL_INTEREST_RULE,
  BLANK,
  FACTORING_DOCUMENTS,
  factoringDocument,
  monthlyTerms,
  type FactoringDeal,
  type FactoringDocumentKind,
} from '../documents/factoringContracts';
import { renderPdf, type DocumentSpec } from '../documents/pdfDocument';
import { sendPdf } from '../documents/pdfReply';
import { ApiError, ok } from '../errors';
import { route } from '../routes';
import { loadRoutes } from '../menus';

/**
 * 产品文档 of each factoring variant (`/factoring/{variant}/documentation`): the blank templates of its
 * contracts (国内商业保理合同, 应收账款转让申请暨确认书, 付款通知书, with the reader's enterprise filled in as
 * its party) and its product rules, each generated as PDF on request. Who may read them is who holds the
 * variant's documentation page (its route block in schemas/ is the one list of roles). Its endpoints are
 * API.factoringDocumentation and API.factoringDocumentationPdf (contract/api.ts).
 */

/** The factoring variants: their product codes (contract/products.ts) and their path segment. */
const VARIANTS = PRODUCTS.filter((p) => p.code.startsWith('factoring-')).map((p) => ({
  code: p.code,
  name: p.name,
  segment: p.code.slice('factoring-'.length),
}));
type Variant = (typeof VARIANTS)[number];

/** The edition of every document (a new edition changes these). */
const EDITION = { version: 'V2026.1', date: '2026-01-01' };

/** Each variant's product rules: what the variant is and how a deal goes. */
const RULES: Readonly<Record<string, readonly string[]>> = {
  forward: [
    '正向保理：供应商（债权人）将其对核心企业（债务人）的应收账款转让给保理商，保理商向供应商提供保理融资。',
    '应收账款由供应商经办岗登记、主管岗复核通过后方可申请融资；融资金额不超过应收账款金额，应收账款到期前方可融资。',
    '融资按年化利率计息（每年按360天计），利息前置的，放款时一次扣收利息；利息后置的，到期时随融资金额一并收取。可约定有追索或无追索。',
    '保理商客户经理审核、产品经理审批并使用UKEY签署后，生成国内商业保理合同、应收账款转让申请暨确认书和付款通知书；供应商和核心企业确认并签署后，保理商放款，到期登记回款。',
    '申请融资前，供应商须由主管岗签署保理业务用户服务协议（用户签约）。',
  ],
  delivery: [
    '到货保理：核心企业将供应商纳入白名单，保理商审核通过后，供应商依据核心企业收货确认岗确认的到货确认单申请融资。',
    '《到货保理三方协议》由供应商、核心企业、保理商依次使用UKEY签署，《到货保理补充协议》由供应商、保理商依次签署（供应商须先阅读协议全文）；两份协议均生效后方可申请融资。',
    '融资金额不超过白名单可用额度和到货金额。',
    '融资按月利率计息（每月按30天计），利息前置，放款时一次扣收。',
    '保理商审核通过并使用UKEY签署合同后放款，到期登记回款。',
  ],
  reverse: [
    '反向保理：以核心企业信用为基础，核心企业确认其对供应商的应付账款，供应商据此向保理商申请融资。',
    '核心企业经办岗登记应付账款并上传确权函，主管岗复核确认；供应商通过一次性链接签署应收账款转让确认，链接使用一次即失效。',
    '融资按月利率计息（每月按30天计），保理商审核通过并使用UKEY签署合同后放款，到期登记回款。',
  ],
  joint: [
    '联合保理：多家保理商（参与机构）按份额共同为一笔应收账款提供融资，各参与机构份额比例合计须为100%。',
    '每一参与机构分别审批其份额；全部审批通过后，按份额分别生成国内商业保理合同，供应商与各参与机构分别签署。',
    '融资按年化利率计息（每年按360天计），各参与机构的保理合同均签署后方可放款，到期登记回款。',
    '申请融资前，供应商须由主管岗签署保理业务用户服务协议（用户签约）。',
  ],
};

type DocumentCode = FactoringDocumentKind | 'rules';
const DOCUMENT_CODES: readonly DocumentCode[] = [
  ...(Object.keys(FACTORING_DOCUMENTS) as FactoringDocumentKind[]),
  'rules',
];

/** A document's title: a contract's name with （范本）, or the variant's product rules. */
function titleOf(variant: Variant, code: DocumentCode): string {
  return code === 'rules' ? `${variant.name}产品规则` : `${FACTORING_DOCUMENTS[code]}（范本）`;
}

/** A blank deal of a variant with the reader's enterprise as its party (factor, debtor or creditor by its kind). */
function blankDeal(variant: Variant, corpName: string, corpType: string): FactoringDeal {
  const monthly = variant.segment === 'reverse' || variant.segment === 'delivery';
  return {
    contractNo: BLANK,
    financeNo: BLANK,
    factorName: corpType === 'FIN' ? corpName : BLANK,
    creditorName: corpType === 'CHAIN' || corpType === 'UNIT' ? corpName : BLANK,
    debtorName: corpType === 'CORE' ? corpName : BLANK,
    receivableRows: [
      { label: '应收账款编号', value: BLANK },
      { label: '基础合同编号', value: BLANK },
    ],
    receivableAmount: '',
    dueDate: BLANK,
    financeAmount: '',
    interest: '',
    loanAmount: '',
    repayAmount: '',
    termRows: [
      { label: monthly ? '月利率' : '年化利率', value: `${BLANK}%` },
      { label: '融资期限', value: `${BLANK}天` },
    ],
    interestRule: monthly ? monthlyTerms('', '').interestRule : ANNUAL_INTEREST_RULE,
    interestMode: monthly ? 'PRE' : 'POST',
    ...(monthly ? {} : { recourse: true }),
    account: BLANK,
    signed: { factor: '', creditor: '', debtor: '' },
  };
}

function documentOf(variant: Variant, code: DocumentCode, corpName: string, corpType: string): DocumentSpec {
  const number = `版本：${EDITION.version}（${EDITION.date}）`;
  if (code === 'rules')
    return {
      title: titleOf(variant, code),
      number,
      sections: [
        { paragraphs: [...(RULES[variant.segment] ?? [])] },
        { rows: [{ label: '阅读企业', value: corpName }] },
      ],
    };
  const spec = factoringDocument(code, blankDeal(variant, corpName, corpType));
  return { ...spec, title: titleOf(variant, code), number };
}

export function registerFactoringDocumentationRoutes(app: FastifyInstance): void {
  const routes = loadRoutes(CHECKOUT_SCHEMAS);
  /** The variant asked for, if the caller's role holds its documentation page. @throws NOT_FOUND, FORBIDDEN */
  const variantFor = (req: FastifyRequest, code: unknown): Variant => {
    const variant = VARIANTS.find((v) => v.code === code);
    if (!variant) throw new ApiError('NOT_FOUND');
    const path = `/factoring/${variant.segment}/documentation`;
    const role = req.session?.currentRole ?? null;
    if (!grantedRoutes(routes, role).some((r) => r.path === path)) throw new ApiError('FORBIDDEN');
    return variant;
  };

  route<{ Querystring: { variant?: string } }>(app, API.factoringDocumentation, async (req) => {
    const variant = variantFor(req, req.query.variant);
    return ok(
      DOCUMENT_CODES.map((code) => ({
        id: `${variant.code}-${code}`,
        code,
        title: titleOf(variant, code),
        variant: variant.code,
        variantName: variant.name,
        format: 'PDF',
        ...EDITION,
      })),
    );
  });

  // `/{variant}/{code}` (variant: a product code, e.g. factoring-forward); ?view=1 opens the PDF in the browser (查看); without it, the PDF is downloaded (下载).
  route<{ Params: { variant: string; code: string }; Querystring: { view?: string } }>(
    app,
    API.factoringDocumentationPdf,
    async (req, reply) => {
      const variant = variantFor(req, req.params.variant);
      const code = req.params.code as DocumentCode;
      if (!DOCUMENT_CODES.includes(code)) throw new ApiError('NOT_FOUND');
      const user = req.user!;
      const title = titleOf(variant, code);
      const pdf = await renderPdf(documentOf(variant, code, user.corpName, user.corpType));
      const fileName = `${title.replace(/[（）]/g, '')}-${EDITION.version}.pdf`;
      return sendPdf(reply, pdf, fileName, req.query.view === '1' ? 'inline' : 'attachment');
    },
  );
}
