import type {
  RealnameState,
  RegisterRequest,
  ResetPasswordRequest,
  SmsPurpose,
} from '@contract/registration';
import { REGISTER_STORED_FIELDS } from '@contract/registration';
import { call, fetchLoginBootstrap, STORAGE_KEYS } from '@/api';
import { encryptPassword } from '@/api/passwordCipher';
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

async function encrypt(password: string): Promise<string> {
  const key = await call(API.passwordKey);
  return encryptPassword(password, key.publicKey);
}

export async function sendSmsCode(
  mobile: string,
  purpose: SmsPurpose,
  username?: string,
): Promise<{ resendSeconds: number; ttlSeconds: number }> {
  await ensureAnonymousSession();
  return call(API.smsCode, { body: { mobile, purpose, ...(username ? { username } : {}) } });
}

export async function registerEnterprise(
  form: RegisterRequest,
): Promise<{ username: string; enterpriseName: string }> {
  await ensureAnonymousSession();
  return call(API.register, { body: { ...form, password: await encrypt(form.password) } });
}

export async function resetPassword(form: ResetPasswordRequest): Promise<{ username: string }> {
  await ensureAnonymousSession();
  return call(API.passwordReset, {
    body: {
      ...form,
      password: await encrypt(form.password),
      confirmPassword: await encrypt(form.confirmPassword),
    },
  });
}

/** The registration form as kept across a reload (spec section 4: logout clears it); never passwords or codes. */
export type StoredRegisterForm = Partial<Pick<RegisterRequest, (typeof REGISTER_STORED_FIELDS)[number]>>;

export function loadRegisterForm(): StoredRegisterForm {
  try {
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.registerForm) ?? '{}') as Record<
      string,
      unknown
    >;
    const out: StoredRegisterForm = {};
    for (const key of REGISTER_STORED_FIELDS) if (typeof raw[key] === 'string') out[key] = raw[key];
    return out;
  } catch {
    return {};
  }
}

export function storeRegisterForm(values: Partial<RegisterRequest>): void {
  const kept: Record<string, string> = {};
  for (const key of REGISTER_STORED_FIELDS) {
    const v = values[key];
    if (typeof v === 'string' && v) kept[key] = v;
  }
  window.localStorage.setItem(STORAGE_KEYS.registerForm, JSON.stringify(kept));
}

export function clearRegisterForm(): void {
  window.localStorage.removeItem(STORAGE_KEYS.registerForm);
}

export interface RealnameStatus {
  state: RealnameState;
  corpName: string;
  legalName: string;
  legalIdCard: string;
  reason: string | null;
  checkId: string | null;
}

export const fetchRealnameStatus = (): Promise<RealnameStatus> => call(API.realnameStatus);

export const startFaceCheck = (
  legalName: string,
  legalIdCard: string,
): Promise<{ checkId: string; h5Path: string }> =>
  call(API.faceCheckStart, { body: { legalName, legalIdCard } });

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
