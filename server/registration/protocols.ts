import { API, pathOf } from '@contract/api';
import { AGREEMENT_BOOKS, type SignedAgreement } from '@contract/registration';
import { chinaDateTime, chinaDay } from '@renderer/core/format';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { renderPdf } from '../documents/pdfDocument';
import { sendPdf } from '../documents/pdfReply';
import { ApiError, ok } from '../errors';
import { route } from '../routes';

/**
 * The agreements the user's enterprise signed (/my/protocol/index): those accepted at registration
 * (corp_registrations.agreements, code → version) with the texts of AGREEMENT_BOOKS, and each as a PDF (those
 * signed in the products: productAgreements.ts).
 * The enterprise is always the session's: another enterprise's agreements are never reachable.
 */
export async function protocolsPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const signed = async (corpId: string): Promise<SignedAgreement[]> => {
    const row = (
      await ctx.db.query<{ agreements: Record<string, string> | string; created_at: Date | string }>(
        'select agreements, created_at from corp_registrations where corp_id = $1',
        [corpId],
      )
    ).rows[0];
    if (!row) return [];
    const accepted = (
      typeof row.agreements === 'string' ? JSON.parse(row.agreements) : row.agreements
    ) as Record<string, string>;
    const signedAt = chinaDateTime(new Date(row.created_at));
    return AGREEMENT_BOOKS.filter((b) => Object.hasOwn(accepted, b.code)).map((b) => ({
      code: b.code,
      title: b.title,
      version: accepted[b.code] ?? b.version,
      signedAt,
      pdf: pathOf(API.protocolPdf, { code: b.code }),
      paragraphs: b.paragraphs,
    }));
  };

  route(app, API.protocols, async (req) => ok(await signed(req.user!.corpId)));

  route<{ Params: { code: string } }>(app, API.protocolPdf, async (req, reply) => {
    const agreement = (await signed(req.user!.corpId)).find((a) => a.code === req.params.code);
    if (!agreement) throw new ApiError('NOT_FOUND');
    const pdf = await renderPdf({
      title: agreement.title,
      number: `版本：${agreement.version}`,
      sections: [
        { paragraphs: [...(agreement.paragraphs ?? [])] },
        {
          rows: [
            { label: '签署企业', value: req.user!.corpName },
            { label: '签署时间', value: chinaDay(agreement.signedAt) },
          ],
        },
      ],
    });
    return sendPdf(reply, pdf, `${agreement.title.replace(/[《》]/g, '')}.pdf`);
  });
}
