import type { SmsPurpose } from '@contract/registration';
import { call, fetchLoginBootstrap } from '@/api';
import { API } from '@contract/api';

/** The public pages' calls need the anonymous session (and its CSRF token) the login bootstrap makes. */
let bootstrapped: Promise<unknown> | null = null;
export function ensureAnonymousSession(): Promise<unknown> {
  bootstrapped ??= fetchLoginBootstrap().catch((e: unknown) => {
    bootstrapped = null;
    throw e;
  });
  return bootstrapped;
}

export async function sendSmsCode(
  mobile: string,
  purpose: SmsPurpose,
  username?: string,
): Promise<{ resendSeconds: number; ttlSeconds: number }> {
  await ensureAnonymousSession();
  return call(API.smsCode, { body: { mobile, purpose, ...(username ? { username } : {}) } });
}

export interface FaceCheckView {
  state: 'PENDING' | 'VERIFIED' | 'FAILED';
  personName: string;
  reason: string | null;
  emulated: boolean;
}

export const fetchFaceCheck = (id: string): Promise<FaceCheckView> => call(API.faceCheck, { params: { id } });

export async function captureFace(
  id: string,
  emulate: 'MATCH' | 'MISMATCH',
): Promise<{ state: 'VERIFIED' | 'FAILED'; reason: string | null }> {
  await ensureAnonymousSession();
  return call(API.faceCapture, { params: { id }, body: { emulate } });
}
