import { ApiError } from '@server/errors';
import { creditError } from '../errors';
import type { Effect } from '@server/models/effects/effectRegistry';

/** Finance documents (融资资料). */
export const documentEffects: Record<string, Effect> = {
  /**
   * The uploader's name is recorded; an invoice may be filed once: another document of the same invoice
   * (code and number) that was not refused is a duplicate.
   */
  async 'document.check'(c) {
    const d = c.record.data;
    if (c.phase === 'create') d.uploaderName = c.user.personName;
    if (d.category !== 'invoice' || typeof d.invoiceNo !== 'string') return;
    const same = await c.records.find('financeDocument', { invoiceNo: d.invoiceNo });
    const duplicate = same.some(
      (x) =>
        x.id !== c.record.id &&
        x.state !== 'DS4' &&
        x.data.category === 'invoice' &&
        (x.data.invoiceCode ?? null) === (d.invoiceCode ?? null),
    );
    if (duplicate) throw creditError('INVOICE_DUPLICATE', { no: d.invoiceNo });
  },

  /** A document goes to review only with its file. */
  async 'document.requireFile'(c) {
    if (!c.record.data.fileId) throw new ApiError('FILE_REQUIRED');
  },
};
