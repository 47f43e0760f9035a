import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import smCrypto from 'sm-crypto';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { actorOf } from '../models/modelRoutes';
import { unbindSoftKeys } from '../models/ukeyBindings';
import { utf8, verifyBytes, type UkeyAlgorithm } from './algorithms';
import {
  checkOriginal,
  consumeOriginal,
  issueOriginal,
  purgeOriginals,
  type OriginalPurpose,
} from './originals';
import { ukeyRules, UKEY_ISSUERS } from './rules';
import { issueCertificate, loadTestCas, ukeySubject } from './testCa';
import { insertBinding, listUkeys } from './ukeyStore';
import { API } from '@contract/api';
import { route } from '../routes';

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** More keys than an enterprise holds: its whole list in one page. */
const MAX_KEYS = 1000;
const SOFT_ISSUER = UKEY_ISSUERS.find((i) => i.soft)!;

/** SPKI (base64 DER) of an RSA-2048 key → PEM; anything else is refused. */
function rsaPublicKeyPem(spkiBase64: string): string {
  try {
    const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'rsa' || key.asymmetricKeyDetails?.modulusLength !== 2048)
      throw new Error('not RSA-2048');
    return key.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    throw new ApiError('UKEY_PUBLIC_KEY_INVALID');
  }
}

function sm2PublicKeyHex(hex: string): string {
  const valid = (smCrypto.sm2 as unknown as { verifyPublicKey(k: string): boolean }).verifyPublicKey;
  if (!/^04[0-9a-f]{128}$/i.test(hex) || !valid(hex.toLowerCase()))
    throw new ApiError('UKEY_PUBLIC_KEY_INVALID');
  return hex.toLowerCase();
}

/** Signing calls of spec section 7 (original text, rules, binding checks) and the server-side check. */
export async function signingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Flow step 9: the text to sign, bound to this session (docs/decisions: what is signed).
  route<{ Querystring: { scope?: string; purpose?: string } }>(app, API.ukeyOriginal, async (req) => {
    const purpose: OriginalPurpose = req.query.purpose === 'soft-key' ? 'SOFT_KEY' : 'SIGN';
    const now = ctx.now();
    if (Math.random() < 0.05) await purgeOriginals(ctx.db, now);
    const text = await issueOriginal(ctx.db, {
      sessionHash: req.session!.idHash,
      userId: req.user!.id,
      username: req.user!.username,
      corpId: req.user!.corpId,
      purpose,
      scope: req.query.scope || undefined,
      now,
    });
    return ok(text);
  });

  route(app, API.ukeyRules, async () => ok(ukeyRules()));

  // Spec section 4: code '0' with data true lets the user enter a CCB number (canInputCCBNumber). The check
  // is in use for enterprises holding an active CCB-issued key.
  route(app, API.ukeyBindVerifyFunction, async (req) => {
    const { list } = await listUkeys(ctx.engine, actorOf(req), ctx.now(), { page: 1, size: MAX_KEYS });
    return ok(list.some((k) => k.bank === 'CCB' && (k.status === 'NORMAL' || k.status === 'EXPIRED')));
  });

  // The enterprise's certificate state is normal when it holds at least one usable key.
  route(app, API.stateCaNormal, async (req) => {
    const { list } = await listUkeys(ctx.engine, actorOf(req), ctx.now(), { page: 1, size: MAX_KEYS });
    return ok(list.some((k) => k.status === 'NORMAL'));
  });

  // The credit product's soft-certificate signing project (ADR 0015): the enterprise's project code, under
  // which the CA accepts signatures of its soft keys (serials SKG…/SKJ…, issued below) in the credit product.
  route<{ Body: { ukeyNo?: unknown } }>(app, API.softCaProjectCode, async (req) => {
    const ukeyNo = req.body?.ukeyNo;
    if (typeof ukeyNo !== 'string' || !/^SK[GJ]\d{9,13}$/.test(ukeyNo))
      throw new ApiError('SOFT_KEY_INVALID');
    const corp = (
      await ctx.db.query<{ credit_code: string }>('select credit_code from corps where id = $1', [
        req.user!.corpId,
      ])
    ).rows[0]!;
    return ok({ projectCode: `XYPZ-${corp.credit_code}`, ukeyNo });
  });

  // Whether the certificate-kit controls (the browser soft key) are offered.
  route(app, API.cfcaControls, async () => ok(process.env.UKEY_CFCA_CONTROLS !== 'false'));

  // The "test signature" of the ukey screens: the server verifies a sign record as a signed action would.
  route<{ Body: { signature?: unknown } }>(app, API.ukeyVerifySign, async (req) => {
    const user = req.user!;
    const record = await ctx.db.transaction((tx) =>
      ctx.signatureVerifier.verify(tx, req.body?.signature, user, req.session!.idHash),
    );
    // The key that signed is bound to the user's enterprise (the verifier checked): its holder, from the list.
    const { list } = await listUkeys(ctx.engine, actorOf(req), ctx.now(), {
      ukeyNo: record.ukeyNo,
      page: 1,
      size: MAX_KEYS,
    });
    const holder = list.find((k) => k.ukeyNo === record.ukeyNo && k.status !== 'UNBOUND');
    return ok({
      verified: true,
      ukeyNo: record.ukeyNo,
      algorithmType: record.algorithmType,
      certSerial: holder?.certSerial ?? null,
      holderName: holder?.holderName ?? null,
      subjectDN: record.subjectDN,
      verifiedAt: ctx.now().toISOString(),
    });
  });

  // A soft key (register/abs/identify/soft-key): the browser made the key pair and proves it holds the
  // private half by signing an original issued for that purpose; the test CA certifies the public half.
  route<{ Body: { algorithm?: unknown; publicKey?: unknown; original?: unknown; proof?: unknown } }>(
    app,
    API.softKeys,
    async (req) => {
      const { algorithm, publicKey, original, proof } = req.body ?? {};
      if (
        (algorithm !== 'RSA' && algorithm !== 'SM2') ||
        typeof publicKey !== 'string' ||
        typeof original !== 'string' ||
        typeof proof !== 'string'
      ) {
        throw new ApiError('BAD_REQUEST');
      }
      const alg: UkeyAlgorithm = algorithm;
      const key = alg === 'RSA' ? rsaPublicKeyPem(publicKey) : sm2PublicKeyHex(publicKey);
      const user = req.user!;
      const now = ctx.now();
      const originalInput = {
        original,
        sessionHash: req.session!.idHash,
        userId: user.id,
        purpose: 'SOFT_KEY' as const,
        now,
      };
      const cas = await loadTestCas(ctx.db, now);
      return ok(
        await ctx.db.transaction(async (tx) => {
          await checkOriginal(tx, originalInput);
          if (!verifyBytes(alg, key, utf8(original), proof)) throw new ApiError('UKEY_PROOF_INVALID');
          await consumeOriginal(tx, originalInput);
          const corp = (
            await tx.query<{ credit_code: string }>('select credit_code from corps where id = $1', [
              user.corpId,
            ])
          ).rows[0]!;
          const seq = (await tx.query<{ n: string }>("select nextval('ukey_soft_key_seq')::text as n"))
            .rows[0]!.n;
          // Serial rules (spec section 9): SM2 → 12 characters with G third; RSA → J third, 16 characters.
          const ukeyNo = alg === 'SM2' ? `SKG${seq.padStart(9, '0')}` : `SKJ${seq.padStart(13, '0')}`;
          const printNumber = `${SOFT_ISSUER.prefixes[0]}${seq.padStart(13, '0')}`;
          const issued = issueCertificate(cas, {
            algorithm: alg,
            publicKey: key,
            subject: ukeySubject(user.corpName, corp.credit_code, user.personName),
            notBefore: new Date(now.getTime() - 60 * 1000),
            notAfter: new Date(now.getTime() + 2 * YEAR_MS),
          });
          // One soft key per person: a new one replaces the previous.
          await unbindSoftKeys(tx, user.id);
          await insertBinding(tx, {
            certificate: issued.certificate,
            ukeyNo,
            corpId: user.corpId,
            holderUserId: user.id,
            bank: SOFT_ISSUER.code,
            raType: SOFT_ISSUER.raType,
            printNumber,
            kind: 'SOFT',
          });
          return {
            ukeyNo,
            printNumber,
            bank: SOFT_ISSUER.code,
            raType: SOFT_ISSUER.raType,
            algorithm: alg,
            certificate: issued.certificate,
            certSerial: issued.serialHex,
            issuerDN: issued.issuerDN,
            subjectDN: issued.subjectDN,
          };
        }),
      );
    },
  );
}
