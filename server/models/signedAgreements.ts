import type { Db, Queryable } from '../db/db';
import { writeSystemSteps } from './audit';
import type { CompiledModel } from './compileModel';
import { timeOrderedId } from './ids';
import type { ModelSet } from './loadModels';
import { insertRecords, rowToRecord, selectColumns } from './recordStore';
import type { BizRecord } from './types';

/** The model of signed agreements (schemas/_models/signedAgreement.json). */
export const SIGNED_AGREEMENT = 'signedAgreement';

/**
 * An agreement a product's records are (a signed contract or agreement): when the enterprise of a signer's
 * field signs it (its `action` brings the record into one of `states`), the engine writes that enterprise a
 * signedAgreement record (协议管理, /my/protocol/index) opening as the PDF the product serves for the record.
 */
export interface ProductAgreement {
  /** The model whose records are the agreements. */
  model: string;
  /** 协议名称 of a record (e.g. by its kind). */
  title: (rec: Readonly<Record<string, unknown>>) => string;
  /** The field holding the agreement's number (协议编号, 合同编号). */
  numberField: string;
  /** Its PDF under /api/web, `{id}` the record's id (a route the product registers, visibility checked). */
  pdf: string;
  /** Who signs it: the enterprise in `field`, by `action`, which brings the record into one of `states`. */
  signers: ReadonlyArray<{ field: string; states: readonly string[]; action: string }>;
}

/** A product's agreement with the product's code, as the engine is given them (server/engine.ts). */
export interface DeclaredAgreement extends ProductAgreement {
  product: string;
}

/** One signature, as written. */
export interface SignedAgreementInput {
  corpId: string;
  kind: 'REGISTRATION' | 'PRODUCT';
  /** A registration agreement's code (contract/registration.ts AGREEMENT_BOOKS), or the product's model. */
  code: string;
  title: string;
  agreementVersion?: string | null;
  agreementNo?: string | null;
  product?: string | null;
  /** The product's record that is the agreement. */
  about?: { model: string; recordId: string };
  signer: { id: string; personName: string | null } | null;
  signedAt: Date;
  /** Its PDF under /api/web; `{id}` is this record's id. */
  pdf: string;
  /** The text as accepted (registration agreements). */
  paragraphs?: readonly string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

const modelOf = (models: ModelSet): CompiledModel => {
  const model = models.models.get(SIGNED_AGREEMENT);
  if (!model) throw new Error(`the model ${SIGNED_AGREEMENT} is not loaded`);
  return model;
};

/**
 * The one writer of the model signedAgreement (records seen by the signing enterprise alone): registration
 * (server/registration/plugin.ts), the engine's signing transitions ({@link recordSignatures}) and the move of
 * earlier signings ({@link moveSignedAgreements}) come here, inside their own transaction. An enterprise signs
 * an agreement once (a record signed again keeps its first signature); the record starts SIGNED with its
 * creation entry in the audit, by its signer.
 */
export async function writeSignedAgreement(
  q: Queryable,
  models: ModelSet,
  a: SignedAgreementInput,
): Promise<string | null> {
  const model = modelOf(models);
  const already = await q.query(
    `select 1 from ${model.table} where corp_id = $1 and code = $2 and coalesce(record_id, '') = $3`,
    [a.corpId, a.code, a.about?.recordId ?? ''],
  );
  if (already.rows.length) return null;
  const id = timeOrderedId(a.signedAt);
  const at = a.signedAt.toISOString();
  const rec: BizRecord = {
    id,
    version: 1,
    state: model.def.initialState,
    createdAt: at,
    updatedAt: at,
    createdBy: a.signer?.id ?? null,
    createdByName: a.signer?.personName ?? null,
    createdCorpId: a.corpId,
    createdCorpName: null,
    data: {
      corpId: a.corpId,
      kind: a.kind,
      code: a.code,
      title: a.title,
      agreementVersion: a.agreementVersion ?? null,
      agreementNo: a.agreementNo ?? null,
      product: a.product ?? null,
      model: a.about?.model ?? null,
      recordId: a.about?.recordId ?? null,
      signerUserId: a.signer?.id ?? null,
      signerName: a.signer?.personName ?? null,
      signedAt: at,
      pdf: a.pdf.replace('{id}', encodeURIComponent(id)),
      paragraphs: a.paragraphs ? [...a.paragraphs] : null,
    },
  };
  await insertRecords(
    q,
    model,
    [rec],
    { userId: null, personName: null, corpId: null, corpName: null },
    a.signedAt,
  );
  await writeSystemSteps(q, SIGNED_AGREEMENT, [{ id, from: null }], 'create', rec.state, a.signedAt);
  return id;
}

/** A product record's agreement for the enterprise of `signer`'s field. */
const productSignature = (
  a: DeclaredAgreement,
  rec: { id: string; state: string; data: Record<string, unknown> },
  corpId: string,
  signer: SignedAgreementInput['signer'],
  at: Date,
): SignedAgreementInput => {
  const json = { ...rec.data, id: rec.id, status: rec.state };
  return {
    corpId,
    kind: 'PRODUCT',
    code: a.model,
    title: a.title(json),
    agreementNo: text(rec.data[a.numberField]) || null,
    product: a.product,
    about: { model: a.model, recordId: rec.id },
    signer,
    signedAt: at,
    pdf: a.pdf.replace('{id}', encodeURIComponent(rec.id)),
  };
};

/** The last entry of `action` in a record's trail: when and by whom the signer signed. */
async function signedBy(
  q: Queryable,
  model: string,
  action: string,
  recordIds: string[],
): Promise<Map<string, { at: Date; signer: SignedAgreementInput['signer'] }>> {
  const trail = await q.query<{
    record_id: string;
    at: Date | string;
    user_id: string | null;
    person_name: string | null;
  }>(
    `select distinct on (record_id) record_id, at, user_id, person_name from biz_audit
      where model = $1 and action = $2 and record_id = any($3::text[]) order by record_id, at desc`,
    [model, action, recordIds],
  );
  return new Map(
    trail.rows.map((t) => [
      t.record_id,
      { at: new Date(t.at), signer: t.user_id ? { id: t.user_id, personName: t.person_name } : null },
    ]),
  );
}

/** Writes the signatures of `recs` (records of `a.model` in `s`'s states) whose signer's action is in their trail. */
async function writeSigned(
  q: Queryable,
  models: ModelSet,
  a: DeclaredAgreement,
  s: DeclaredAgreement['signers'][number],
  recs: readonly BizRecord[],
): Promise<void> {
  const signing = recs.filter((r) => s.states.includes(r.state) && typeof r.data[s.field] === 'string');
  if (!signing.length) return;
  const when = await signedBy(
    q,
    a.model,
    s.action,
    signing.map((r) => r.id),
  );
  for (const rec of signing) {
    const signed = when.get(rec.id);
    if (signed)
      await writeSignedAgreement(
        q,
        models,
        productSignature(a, rec, String(rec.data[s.field]), signed.signer, signed.at),
      );
  }
}

/**
 * Called by the engine whenever a record's state changes, in that transaction (modelEngine.ts act, and an
 * effect moving a record: recordWriter.ts save): when the record of an agreement enters one of a signer's
 * states, the enterprise in the signer's field has signed it, on the day of the signer's action in the
 * record's trail (the signature's own step, or an earlier one: a delivery agreement is signed by the supplier
 * first and effective, listed, once every party signed).
 */
export async function recordSignatures(
  q: Queryable,
  models: ModelSet,
  agreements: readonly DeclaredAgreement[],
  model: string,
  rec: BizRecord,
): Promise<void> {
  for (const a of agreements)
    if (a.model === model) for (const s of a.signers) await writeSigned(q, models, a, s, [rec]);
}

/** A registration agreement, as contract/registration.ts AGREEMENT_BOOKS has it. */
export interface RegistrationBook {
  code: string;
  title: string;
  version: string;
  paragraphs: readonly string[];
}

/**
 * Moves the signings made before the model existed (migration 088), once, at start: each registration's
 * accepted agreements (corp_registrations.agreements, code → version, emptied once moved) and each
 * product record whose signer's action is in its trail while the record is in one of that signer's states
 * (what 协议管理 listed from biz_audit), dated by that action. One transaction; a second instance waits for
 * the first and finds nothing left to move.
 */
export async function moveSignedAgreements(
  db: Db,
  models: ModelSet,
  agreements: readonly DeclaredAgreement[],
  books: readonly RegistrationBook[],
  registrationPdf: string,
): Promise<void> {
  const pending = await db.query(`select 1 from pending_moves where name = $1`, [SIGNED_AGREEMENT]);
  if (!pending.rows.length) return;
  await db.transaction(async (tx) => {
    const claimed = await tx.query(`delete from pending_moves where name = $1 returning name`, [
      SIGNED_AGREEMENT,
    ]);
    if (!claimed.rows.length) return;
    const regs = await tx.query<{
      corp_id: string;
      user_id: string;
      person_name: string | null;
      agreements: Record<string, string> | string;
      created_at: Date | string;
    }>(
      `select r.corp_id, r.user_id, u.person_name, r.agreements, r.created_at
         from corp_registrations r left join users u on u.id = r.user_id
        where r.agreements is not null`,
    );
    for (const r of regs.rows) {
      const accepted = (typeof r.agreements === 'string' ? JSON.parse(r.agreements) : r.agreements) as Record<
        string,
        string
      >;
      for (const b of books.filter((book) => Object.hasOwn(accepted, book.code)))
        await writeSignedAgreement(tx, models, {
          corpId: r.corp_id,
          kind: 'REGISTRATION',
          code: b.code,
          title: b.title,
          agreementVersion: accepted[b.code] ?? b.version,
          signer: { id: r.user_id, personName: r.person_name },
          signedAt: new Date(r.created_at),
          pdf: registrationPdf,
          paragraphs: b.paragraphs,
        });
    }
    await tx.query('update corp_registrations set agreements = null where agreements is not null');
    for (const a of agreements) {
      const model = models.models.get(a.model);
      if (!model) continue;
      for (const s of a.signers) {
        const rows = await tx.query(
          `select ${selectColumns(model)} from ${model.table} where state = any($1::text[])`,
          [[...s.states]],
        );
        await writeSigned(
          tx,
          models,
          a,
          s,
          rows.rows.map((row) => rowToRecord(model, row)),
        );
      }
    }
  });
}
