import type { SignRecord } from '@contract/ukey';
import type { UkeyDriver } from './driver';
import { HARDWARE_KEY_MESSAGES, UKEY_FLOW, UKEY_MESSAGES, type UkeyFlowCode } from './flowCodes';
import { describeKitError } from './kitErrors';
import { algorithmOfSerial, compareVersions, issuerOfPrintNumber, type UkeyRules } from '@contract/ukey';

export type { SignRecord };

/** ADR 0005's SignFlowResult, with the kit's error detail when there is one. */
export interface SignFlowResult {
  code: UkeyFlowCode;
  message: string;
  record?: SignRecord;
  /** More about a failure, e.g. the certificate-kit error text and code. */
  detail?: string;
  kitCode?: string;
}

export interface UkeyFlowInput {
  driver: UkeyDriver;
  rules: UkeyRules;
  /** Fetches the original text (flow step 9). */
  getOriginal: () => Promise<string>;
  /** The bank the user chose; the key's issuer must be this one (code 12 otherwise). */
  bank?: string | undefined;
  onProgress?: ((message: string) => void) | undefined;
}

/** Progress texts shown while the flow runs. */
export const UKEY_PROGRESS = {
  driver: '正在检查UKEY驱动…',
  keys: '正在识别UKEY…',
  printNumber: '正在读取UKEY印刷编号…',
  issuer: '正在核对UKEY颁发机构…',
  certificate: '正在选择证书…',
  serial: '正在读取UKEY序列号…',
  algorithm: '正在识别签名算法…',
  issuerDN: '正在读取证书颁发者…',
  subjectDN: '正在读取证书主题…',
  original: '正在获取签名原文…',
  sign: '正在签名，请按UKEY提示操作…',
  done: '签名完成',
} as const;

interface Failure {
  kitCode?: string;
  message?: string;
  unreachable?: boolean;
}

const asFailure = (e: unknown): Failure => (e && typeof e === 'object' ? (e as Failure) : {});

/** A request that never got a usable answer (no network, non-200), as the request layer reports it. */
function isTransportFailure(e: unknown): boolean {
  const { code, status } = (e ?? {}) as { code?: unknown; status?: unknown };
  return (
    code === 'NETWORK' ||
    (typeof code === 'string' && code.startsWith('HTTP_')) ||
    (typeof status === 'number' && status !== 200)
  );
}

/**
 * Runs the hardware-key flow of the spec against a driver and returns one of the flow codes 0-12 with its
 * message (docs/decisions: UKEY flow). Steps in order: driver version, key enumeration, print number,
 * issuer ↔ chosen bank, certificate, serial, algorithm, issuer DN, subject DN, original text, signature.
 */
export async function runUkeyFlow(input: UkeyFlowInput): Promise<SignFlowResult> {
  const { driver, rules } = input;
  const progress = (m: string): void => input.onProgress?.(m);
  const messageOf = (code: Exclude<UkeyFlowCode, 0 | 11>): string =>
    driver.messages?.[code] ?? HARDWARE_KEY_MESSAGES[code];
  const fail = (code: UkeyFlowCode, message: string, e?: unknown): SignFlowResult => {
    const f = asFailure(e);
    return {
      code,
      message,
      ...(f.kitCode ? { kitCode: f.kitCode, detail: describeKitError(f.kitCode) } : {}),
    };
  };

  /** Runs one driver step; a throw or an empty answer is the step's failure. */
  async function step<T>(
    code: Exclude<UkeyFlowCode, 0 | 11>,
    call: () => Promise<T>,
  ): Promise<T | SignFlowResult> {
    try {
      const value = await call();
      if (value === undefined || value === null || value === '') return fail(code, messageOf(code));
      return value;
    } catch (e) {
      // The agent going away in mid-flow is still this step's failure, told as such.
      return fail(code, messageOf(code), e);
    }
  }
  const failed = (v: unknown): v is SignFlowResult =>
    typeof v === 'object' && v !== null && 'code' in v && 'message' in v;

  // Driver version (code 11: the driver did not answer as needed).
  if (driver.version) {
    progress(UKEY_PROGRESS.driver);
    let version: string;
    try {
      version = await driver.version();
    } catch (e) {
      return fail(UKEY_FLOW.REQUEST_FAILED, UKEY_MESSAGES.driverVersionFailed, e);
    }
    if (!version) return fail(UKEY_FLOW.REQUEST_FAILED, UKEY_MESSAGES.driverVersionFailed);
    if (compareVersions(version, rules.minDriverVersion) < 0) {
      return {
        ...fail(UKEY_FLOW.REQUEST_FAILED, UKEY_MESSAGES.driverOutdated),
        detail: `当前版本${version}，最低版本${rules.minDriverVersion}`,
      };
    }
  }

  // Exactly one key.
  progress(UKEY_PROGRESS.keys);
  let keys;
  try {
    keys = await driver.listKeys();
  } catch (e) {
    return fail(UKEY_FLOW.MULTIPLE_KEYS, UKEY_MESSAGES.notInserted, e);
  }
  if (keys.length === 0) return fail(UKEY_FLOW.MULTIPLE_KEYS, UKEY_MESSAGES.notInserted);
  if (keys.length > 1) return fail(UKEY_FLOW.MULTIPLE_KEYS, messageOf(UKEY_FLOW.MULTIPLE_KEYS));
  const keyId = keys[0]!.keyId;

  progress(UKEY_PROGRESS.printNumber);
  const printNumber = await step(UKEY_FLOW.PRINT_NUMBER_FAILED, () => driver.printNumber(keyId));
  if (failed(printNumber)) return printNumber;

  // The print (certificate) number's prefix names the issuer; it must exist and be the bank chosen.
  progress(UKEY_PROGRESS.issuer);
  const issuer = issuerOfPrintNumber(printNumber, rules);
  if (!issuer) return fail(UKEY_FLOW.ISSUER_NOT_EXIST, messageOf(UKEY_FLOW.ISSUER_NOT_EXIST));
  if (input.bank && issuer.code !== input.bank)
    return fail(UKEY_FLOW.ISSUER_MISMATCH, messageOf(UKEY_FLOW.ISSUER_MISMATCH));

  progress(UKEY_PROGRESS.certificate);
  const certificate = await step(UKEY_FLOW.SELECT_CERT_FAILED, () => driver.selectCertificate(keyId));
  if (failed(certificate)) return certificate;

  progress(UKEY_PROGRESS.serial);
  const serial = await step(UKEY_FLOW.SERIAL_NUMBER_FAILED, () => driver.serialNumber(keyId));
  if (failed(serial)) return serial;

  // The serial rule decides; the key must agree (a key the rules cannot place is refused).
  progress(UKEY_PROGRESS.algorithm);
  const reported = await step(UKEY_FLOW.ALGORITHM_TYPE_FAILED, () => driver.algorithm(keyId));
  if (failed(reported)) return reported;
  const algorithm = algorithmOfSerial(serial, rules);
  if (!algorithm || algorithm !== reported)
    return fail(UKEY_FLOW.ALGORITHM_TYPE_FAILED, messageOf(UKEY_FLOW.ALGORITHM_TYPE_FAILED));

  progress(UKEY_PROGRESS.issuerDN);
  const issuerDN = await step(UKEY_FLOW.ISSUER_DN_FAILED, () => driver.issuerDN(keyId));
  if (failed(issuerDN)) return issuerDN;

  progress(UKEY_PROGRESS.subjectDN);
  const subjectDN = await step(UKEY_FLOW.SUBJECT_DN_FAILED, () => driver.subjectDN(keyId));
  if (failed(subjectDN)) return subjectDN;

  progress(UKEY_PROGRESS.original);
  let original: string;
  try {
    original = await input.getOriginal();
  } catch (e) {
    if (isTransportFailure(e)) {
      const message = asFailure(e).message;
      return fail(UKEY_FLOW.REQUEST_FAILED, message || '网络异常，请您稍后重试。');
    }
    return {
      ...fail(UKEY_FLOW.ORIGINAL_TEXT_FAILED, messageOf(UKEY_FLOW.ORIGINAL_TEXT_FAILED)),
      ...detailOf(e),
    };
  }
  if (typeof original !== 'string' || original === '')
    return fail(UKEY_FLOW.ORIGINAL_TEXT_FAILED, messageOf(UKEY_FLOW.ORIGINAL_TEXT_FAILED));

  progress(UKEY_PROGRESS.sign);
  const signature = await step(UKEY_FLOW.SIGN_FAILED, () => driver.sign(keyId, original, algorithm));
  if (failed(signature)) return signature;

  progress(UKEY_PROGRESS.done);
  return {
    code: UKEY_FLOW.OK,
    message: UKEY_MESSAGES.ok,
    record: {
      raType: issuer.raType,
      ukeyBank: issuer.code,
      ukeyCode: printNumber,
      original,
      signature,
      pkCa: certificate,
      ukeyNo: serial,
      algorithmType: algorithm,
      issuerDN,
      subjectDN,
    },
  };
}

function detailOf(e: unknown): { detail?: string } {
  const message = asFailure(e).message;
  return message ? { detail: message } : {};
}
