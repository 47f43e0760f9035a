import type { UkeyFlowCode } from './flowCodes';
import type { UkeyAlgorithm } from '@contract/ukey';

/** One key the driver sees (an inserted hardware key, or a soft key in this browser). */
export interface UkeyHandle {
  keyId: string;
  label?: string;
}

/**
 * What the signing flow needs from a key, step by step (DESIGN.md section 9). A real vendor driver, the
 * local signing agent and the browser soft key all implement it. Every method may throw UkeyDriverError;
 * the flow turns a failure into the flow code of its step.
 */
export interface UkeyDriver {
  /** 'agent' for hardware keys through the local signing agent, 'soft' for the browser soft key. */
  readonly kind: 'agent' | 'soft';
  /** Messages that differ from the hardware wording for this kind of key (flow code → message). */
  readonly messages?: Partial<Record<UkeyFlowCode, string>>;
  /** The driver's version; absent for a driver that is part of the page (no minimum applies). */
  version?(): Promise<string>;
  listKeys(): Promise<UkeyHandle[]>;
  /** 印刷编号, whose prefix names the issuing bank. */
  printNumber(keyId: string): Promise<string>;
  /** Lets the key (or the user) choose the signing certificate; returns it as base64 DER. */
  selectCertificate(keyId: string): Promise<string>;
  /** The key's serial number (介质编号), whose third character tells the algorithm. */
  serialNumber(keyId: string): Promise<string>;
  algorithm(keyId: string): Promise<UkeyAlgorithm>;
  issuerDN(keyId: string): Promise<string>;
  subjectDN(keyId: string): Promise<string>;
  /** Signs the UTF-8 bytes of `original`; returns the signature in base64 (SM2: DER). */
  sign(keyId: string, original: string, algorithm: UkeyAlgorithm): Promise<string>;
}

/** A driver failure, optionally with the certificate-kit error code it reported (see kitErrors.ts). */
export class UkeyDriverError extends Error {
  readonly kitCode: string | undefined;
  /** True when the driver itself could not be reached (agent not running, blocked). */
  readonly unreachable: boolean;

  constructor(message: string, kitCode?: string, unreachable = false) {
    super(message);
    this.name = 'UkeyDriverError';
    this.kitCode = kitCode;
    this.unreachable = unreachable;
  }
}
