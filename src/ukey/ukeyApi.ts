import { API } from '@contract/api';
import { call } from '@/api';
import type { PageResult } from '@/api';
import type { UkeyAlgorithm, UkeyItem, UkeyRules, UkeyStatus } from '@contract/ukey';
import type { SignRecord } from './runUkeyFlow';

export type { UkeyItem, UkeyStatus };

export interface VerifiedSign {
  verified: boolean;
  ukeyNo: string;
  algorithmType: UkeyAlgorithm;
  certSerial: string | null;
  holderName: string | null;
  subjectDN: string;
  verifiedAt: string;
}

export interface IssuedSoftKey {
  ukeyNo: string;
  printNumber: string;
  bank: string;
  raType: string;
  algorithm: UkeyAlgorithm;
  certificate: string;
  certSerial: string;
  issuerDN: string;
  subjectDN: string;
}

export const fetchOriginal = (query: { scope?: string; purpose?: 'soft-key' } = {}): Promise<string> =>
  call(API.ukeyOriginal, { query });
export const fetchUkeyRules = (): Promise<Partial<UkeyRules>> => call(API.ukeyRules);
/** Spec section 7: whether the enterprise's certificate state is normal (it holds a usable key). */
export const fetchStateCaNormal = (): Promise<boolean> => call<boolean>(API.stateCaNormal);
/** Spec section 7: whether the certificate-kit controls (the browser soft key) are switched on. */
/** The credit product's soft-certificate signing project of a soft key (ADR 0015). */
export const fetchSoftCaProjectCode = (ukeyNo: string): Promise<{ projectCode: string; ukeyNo: string }> =>
  call(API.softCaProjectCode, { body: { ukeyNo } });

export const fetchCfcaControlsEnabled = (): Promise<boolean> => call(API.cfcaControls);
export const verifySign = (signature: SignRecord): Promise<VerifiedSign> =>
  call<VerifiedSign>(API.ukeyVerifySign, { body: { signature } });
export const fetchUkeys = (query: {
  page: number;
  size: number;
  ukeyNo?: string;
  status?: string;
}): Promise<PageResult<UkeyItem>> => call(API.ukeys, { query });
export const requestSoftKeyCertificate = (body: {
  algorithm: UkeyAlgorithm;
  publicKey: string;
  original: string;
  proof: string;
}): Promise<IssuedSoftKey> => call(API.softKeys, { body });

/** Spec section 4: code '0' with data true sets canInputCCBNumber; anything else leaves it false. */
export async function fetchCanInputCcbNumber(): Promise<boolean> {
  try {
    return (await call(API.ukeyBindVerifyFunction)) === true;
  } catch {
    return false;
  }
}
