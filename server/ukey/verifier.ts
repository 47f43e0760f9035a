import { isCompleteSignRecord } from '../auth/completenessVerifier';
import type { CurrentUser, SignatureVerifier, SignRecord } from '../context';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import { boundByCertificate } from '../models/ukeyBindings';
import { utf8, verifyBytes } from './algorithms';
import { parseCertificate, verifyCertificateSignature, type ParsedCertificate } from './certificates';
import { checkOriginal, consumeOriginal } from './originals';
import { algorithmOfSerial, ukeyRules } from './rules';
import { caForIssuer, loadTestCas } from './testCa';

export interface VerifyOptions {
  now: Date;
  /** Require the original to have been issued for this scope (e.g. `creditVoucher/42/approve`). */
  scope?: string;
}

/** What a verified signature proves, for the audit trail and the screens. */
export interface VerifiedSignature {
  record: SignRecord;
  certSerial: string;
  corpId: string;
  holderUserId: string | null;
  kind: 'HARDWARE' | 'SOFT';
}

/**
 * Verifies a sign record (ADR 0005 section 4) and consumes its original, inside the caller's transaction:
 * 1. the record is complete;
 * 2. its original was issued by this server to this session and user, for signing, unused and not expired;
 * 3. the certificate (pkCa) is the one bound to that key, and the binding is active and belongs to the
 *    user's enterprise;
 * 4. the certificate was issued by our test CA (its signature checks with the CA key), is within its
 *    validity period and not revoked;
 * 5. the record's ukeyNo, algorithm and DNs are those of the certificate and the binding;
 * 6. the signature over the original's UTF-8 bytes checks with the certificate's public key
 *    (RSA: SHA1withRSA; SM2: SM3withSM2, user id 1234567812345678).
 * Any failure throws an ApiError with its own code; nothing is consumed then (the transaction rolls back).
 */
export async function verifyUkeySignature(
  tx: Queryable,
  record: unknown,
  user: CurrentUser,
  sessionIdHash: string,
  options: VerifyOptions,
): Promise<VerifiedSignature> {
  if (!isCompleteSignRecord(record)) throw new ApiError('SIGNATURE_REQUIRED');
  const originalInput = {
    original: record.original,
    sessionHash: sessionIdHash,
    userId: user.id,
    purpose: 'SIGN' as const,
    scope: options.scope,
    now: options.now,
  };
  await checkOriginal(tx, originalInput);

  let presented: ParsedCertificate;
  try {
    presented = parseCertificate(record.pkCa);
  } catch {
    throw new ApiError('UKEY_CERT_INVALID');
  }

  const binding = await boundByCertificate(tx, presented.serialHex);
  if (!binding || binding.corp_id !== user.corpId) throw new ApiError('UKEY_NOT_BOUND');
  if (binding.certificate !== record.pkCa) throw new ApiError('UKEY_CERT_MISMATCH');
  // From here on the bound certificate is what counts (it is byte-identical to the presented one).
  const cert = presented;

  const cas = await loadTestCas(tx, options.now);
  const ca = caForIssuer(cas, cert.issuerDN);
  if (!ca || ca.algorithm !== cert.algorithm || !verifyCertificateSignature(cert, ca.key)) {
    throw new ApiError('UKEY_CERT_UNTRUSTED');
  }
  const now = options.now.getTime();
  if (now < cert.notBefore.getTime() || now > cert.notAfter.getTime())
    throw new ApiError('UKEY_CERT_EXPIRED');
  if (binding.revoked_at) throw new ApiError('UKEY_CERT_REVOKED');

  const expectedAlgorithm = algorithmOfSerial(record.ukeyNo, ukeyRules());
  // The key's print number and issuing bank are part of its binding: a record naming another issuer (the
  // spec's issuer/bank check, flow code 12) is refused here too, whatever the browser checked.
  if (
    record.ukeyNo !== binding.ukey_no ||
    record.ukeyCode !== binding.print_number ||
    record.ukeyBank !== binding.ukey_bank ||
    record.algorithmType !== cert.algorithm ||
    expectedAlgorithm !== cert.algorithm ||
    record.issuerDN !== cert.issuerDN ||
    record.subjectDN !== cert.subjectDN
  ) {
    throw new ApiError('UKEY_RECORD_MISMATCH');
  }
  if (!verifyBytes(cert.algorithm, cert.publicKey, utf8(record.original), record.signature)) {
    throw new ApiError('UKEY_SIGNATURE_INVALID');
  }
  await consumeOriginal(tx, originalInput);
  return {
    record,
    certSerial: cert.serialHex,
    corpId: binding.corp_id,
    holderUserId: binding.holder_user_id,
    kind: binding.kind,
  };
}

/**
 * The server's signature verifier (ServerContext.signatureVerifier): `verifyUkeySignature` with the action's scope,
 * on the app's clock.
 */
export function createUkeySignatureVerifier(now: () => Date = () => new Date()): SignatureVerifier {
  return {
    async verify(tx, record, user, sessionIdHash, scope) {
      return (
        await verifyUkeySignature(tx, record, user, sessionIdHash, {
          now: now(),
          ...(scope ? { scope } : {}),
        })
      ).record;
    },
  };
}
