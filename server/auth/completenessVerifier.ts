import { SIGN_RECORD_KEYS, type SignRecord } from '@contract/ukey';
import type { SignatureVerifier } from '../context';
import { ApiError } from '../errors';

/** Checks only that a sign record is present and complete (ADR 0005: stands in until UKEY verification). */
export function isCompleteSignRecord(record: unknown): record is SignRecord {
  if (!record || typeof record !== 'object') return false;
  const r = record as Record<string, unknown>;
  return (
    typeof r.signature === 'string' &&
    r.signature !== '' &&
    typeof r.original === 'string' &&
    r.original !== '' &&
    SIGN_RECORD_KEYS.every((k) => typeof r[k] === 'string')
  );
}

export const completenessVerifier: SignatureVerifier = {
  async verify(_tx, record) {
    if (!isCompleteSignRecord(record)) throw new ApiError('SIGNATURE_REQUIRED');
    return record;
  },
};
