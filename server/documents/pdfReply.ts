import type { FastifyReply } from 'fastify';
import { formatAmount } from '@renderer/core/format';
import { disposition } from '../files/fileRoutes';

/** A record's value as document text ('' for a missing one). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** An amount in figures as documents print it: 「¥1,234.50」. */
export const amountFigures = (v: unknown): string => `¥${formatAmount(text(v))}`;

/**
 * Answers a generated document as a private, never-cached PDF named `fileName`: downloaded, or shown in the
 * browser (`inline`).
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  fileName: string,
  kind: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', disposition(kind, fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
