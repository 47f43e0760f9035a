import { API } from '@contract/api';
import { chinaDay } from '@renderer/core/format';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { renderPdf } from '../documents/pdfDocument';
import { sendPdf } from '../documents/pdfReply';
import { ApiError } from '../errors';
import { actorOf } from '../models/modelRoutes';
import { SIGNED_AGREEMENT } from '../models/signedAgreements';
import { route } from '../routes';

/** Where a registration agreement's PDF is, `{id}` the signedAgreement record's (signedAgreements.ts). */
export const REGISTRATION_AGREEMENT_PDF = API.protocolPdf.path.replace(':id', '{id}');

/**
 * A registration agreement the user's enterprise accepted, as a PDF: the signedAgreement record read through
 * the engine (visible to the signing enterprise alone; another's id is refused), with the text as accepted.
 * 协议管理 (/my/protocol/index) lists the records through the models API.
 */
export async function protocolsPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  route<{ Params: { id: string } }>(app, API.protocolPdf, async (req, reply) => {
    const rec = (await ctx.engine.get(actorOf(req), SIGNED_AGREEMENT, req.params.id)) as Record<
      string,
      unknown
    >;
    if (rec.kind !== 'REGISTRATION') throw new ApiError('NOT_FOUND');
    const title = String(rec.title);
    const pdf = await renderPdf({
      title,
      number: `版本：${String(rec.agreementVersion)}`,
      sections: [
        { paragraphs: Array.isArray(rec.paragraphs) ? rec.paragraphs.map(String) : [] },
        {
          rows: [
            { label: '签署企业', value: req.user!.corpName },
            { label: '签署时间', value: chinaDay(String(rec.signedAt)) },
          ],
        },
      ],
    });
    return sendPdf(reply, pdf, `${title.replace(/[《》]/g, '')}.pdf`);
  });
}
