import type { FastifyInstance } from 'fastify';
import { agreementArticles, fragmentAgreement } from '../documents/agreementText';
import { renderPdf } from '../documents/pdfDocument';
import { sendPdf, text } from '../documents/pdfReply';
import { ApiError } from '../errors';
import type { ModelEngine } from '../models';
import { actorOf } from '../models/modelRoutes';
import type { ProductAgreement } from '../products/types';

/**
 * 用户签约: the factoring products' service agreement an enterprise's director signs with the UKEY before
 * its standard or joint factoring applications are accepted (model factoringUserSign). Its text is the
 * page fragment the sign page shows; the signed record is listed in 协议管理 like every product agreement.
 */
export const USER_SIGN = 'factoringUserSign';
export const USER_AGREEMENT = { version: '2026.1' } as const;

/** Where a signed 用户签约 is downloaded (under /api/web): `${USER_SIGN_API}/{id}`. */
export const USER_SIGN_API = '/biz/v1/factoring/user-sign';

/** The state of a signed record (US0 待签约 → US1 已签约). */
const SIGNED = 'US1';

const TEXT = '_fragments/factoring-user-sign.json';

/** The agreement's title (《…》) and text. */
export function userAgreementText(): { title: string; content: string } {
  const found = fragmentAgreement(TEXT, 'agreement');
  if (!found) throw new Error('schemas/_fragments/factoring-user-sign.json has no agreement field');
  return found;
}

/** 协议管理 lists each enterprise's signed record (ServerProduct.agreements). */
export const USER_SIGN_AGREEMENT: ProductAgreement = {
  model: USER_SIGN,
  title: () => userAgreementText().title,
  numberField: 'signNo',
  pdf: `${USER_SIGN_API}/{id}`,
  signers: [{ field: 'corpId', states: [SIGNED], action: 'sign' }],
};

/** GET USER_SIGN_API/{id}: a signed record as PDF (the text, the enterprise, its signer and day). */
export function registerUserSignDocumentRoute(app: FastifyInstance, engine: ModelEngine): void {
  app.get<{ Params: { id: string } }>(
    `${USER_SIGN_API}/:id`,
    { config: { navigation: true } },
    async (req, reply) => {
      const rec = (await engine.get(actorOf(req), USER_SIGN, req.params.id)) as unknown as Record<
        string,
        unknown
      >;
      if (rec.status !== SIGNED) throw new ApiError('NOT_FOUND');
      const { title: booked, content } = userAgreementText();
      const title = booked.replace(/[《》]/g, '');
      const pdf = await renderPdf({
        title,
        number: `签约编号：${text(rec.signNo)}，协议版本：${text(rec.agreementVersion)}`,
        sections: [
          ...agreementArticles(content),
          {
            rows: [
              { label: '签约企业', value: text(rec.corpName) },
              { label: '签约人', value: text(rec.signerName) },
              { label: '签约日期', value: text(rec.signDate) },
              { label: '签署方式', value: '已使用UKEY电子签名' },
            ],
          },
        ],
      });
      return sendPdf(reply, pdf, `${title}.pdf`);
    },
  );
}
