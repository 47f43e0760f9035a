import { UkeyDriverError, type UkeyDriver } from '@/ukey/driver';
import type { UkeyAlgorithm } from '@contract/ukey';

/** One step of the flow a fake driver can be told to fail. */
export type FakeFault =
  | 'version'
  | 'keys'
  | 'printNumber'
  | 'selectCertificate'
  | 'serialNumber'
  | 'algorithm'
  | 'issuerDN'
  | 'subjectDN'
  | 'sign';

export interface FakeKey {
  version: string;
  keyCount: number;
  printNumber: string;
  certificate: string;
  serial: string;
  algorithm: UkeyAlgorithm;
  issuerDN: string;
  subjectDN: string;
  signature: string;
}

export const RSA_KEY: FakeKey = {
  version: '3.1.0',
  keyCount: 1,
  printNumber: '1050202600000101',
  certificate: 'MIIBcert',
  serial: 'CBJ2026000000101',
  algorithm: 'RSA',
  issuerDN: 'C=CN, O=建信融通供应链金融服务平台, CN=SCF Test RSA CA',
  subjectDN: 'C=CN, O=华建集团第一工程局有限公司, OU=91350100M000100Y43, CN=李志强',
  signature: 'c2lnbmF0dXJl',
};

/** A driver answering from `key`; `faults` makes a step throw (with `kitCode` when given). */
export function fakeDriver(
  key: Partial<FakeKey> = {},
  faults: Partial<Record<FakeFault, string | true>> = {},
  kind: UkeyDriver['kind'] = 'agent',
): UkeyDriver & { calls: string[]; signed: string[] } {
  const k = { ...RSA_KEY, ...key };
  const calls: string[] = [];
  const signed: string[] = [];
  const answer = async <T>(step: FakeFault, value: T): Promise<T> => {
    calls.push(step);
    const fault = faults[step];
    if (fault) throw new UkeyDriverError(`${step} failed`, fault === true ? undefined : fault);
    return value;
  };
  return {
    kind,
    calls,
    signed,
    version: () => answer('version', k.version),
    listKeys: () =>
      answer(
        'keys',
        Array.from({ length: k.keyCount }, (_, i) => ({ keyId: `key-${i}` })),
      ),
    printNumber: () => answer('printNumber', k.printNumber),
    selectCertificate: () => answer('selectCertificate', k.certificate),
    serialNumber: () => answer('serialNumber', k.serial),
    algorithm: () => answer('algorithm', k.algorithm),
    issuerDN: () => answer('issuerDN', k.issuerDN),
    subjectDN: () => answer('subjectDN', k.subjectDN),
    sign: async (keyId, original, algorithm) => {
      signed.push(`${keyId}|${algorithm}|${original}`);
      return answer('sign', k.signature);
    },
  };
}
