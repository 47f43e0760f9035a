import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FILE_MD5_HEADER,
  FORM_MD5_HEADER,
  formFieldsText,
  isMultipart,
  signedBody,
} from '@contract/signature';
import { loadUser } from '../auth/currentUser';
import { claimNonce } from '../auth/nonceStore';
import { pickCurrentRole } from '../auth/roles';
import {
  parseSignatureHeader,
  SIGNATURE_WINDOW_MS,
  signatureDigest,
  TERMINAL_CODES,
} from '../auth/requestSignature';
import { findSession, hashId, SESSION_COOKIE } from '../auth/sessions';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';

const READS = new Set(['GET', 'HEAD']);

/**
 * The checks every API call passes before its handler (encapsulated under /api/web):
 * session from the cookie → who may call → request signature (x-vrandom) → CSRF token → cancelled enterprise.
 */
export function registerSecurity(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (req) => {
    const id = req.cookies[SESSION_COOKIE];
    if (id) await loadSession(req, id);
    // Who may call, before the body is read (server/inputBoundary.ts budgets bodies by this too).
    const auth = req.routeOptions.config.auth ?? 'user';
    if (auth === 'user' && !req.user) throw new ApiError('AUTH_REQUIRED');
    if (auth === 'session' && !req.session) throw new ApiError('CSRF_INVALID');
  });

  async function loadSession(req: FastifyRequest, id: string): Promise<void> {
    const idHash = hashId(id);
    const cached = await ctx.sessionCache.get(idHash, ctx.now().getTime());
    if (cached) {
      req.session = cached.session;
      req.user = cached.user;
    } else {
      const since = await ctx.sessionCache.since();
      req.session = await findSession(ctx.db, id, ctx.now());
      if (req.session?.userId) req.user = await loadUser(ctx.db, req.session.userId);
      if (req.session) ctx.sessionCache.set(idHash, req.session, req.user, since);
    }
    // The administrator may have taken the session's role away: from this request on the user acts in
    // one it still holds (the stored role is left alone; /v2/security reports the effective one).
    const session = req.session;
    if (
      session &&
      req.user &&
      session.currentRole !== null &&
      !req.user.roles.includes(session.currentRole)
    ) {
      req.session = { ...session, currentRole: pickCurrentRole(req.user.roles, null) };
    }
  }

  app.addHook('preHandler', async (req) => {
    const config = req.routeOptions.config;
    const auth = config.auth ?? 'user';

    const read = READS.has(req.method);
    // Browser navigations (downloads, logout) cannot carry headers; public reads need no key. Every other
    // call is signed, fresh, never replayed and carries the terminal code — reads with a session too.
    const open = config.navigation === true || (read && auth === 'none');
    if (!open && !TERMINAL_CODES.has(String(req.headers['x-ccbscf-terminal-code'] ?? ''))) {
      throw new ApiError('TERMINAL_INVALID');
    }
    const safe = read || config.safe === true;
    // A signature protects a user's session. A safe call of a visitor without one (the platform lookup of a
    // page that loads while the login page's new anonymous token is still on its way) has nothing to protect:
    // it is not checked against a token the page may not have stored yet (ADR 0001).
    const required = !open && (req.user !== null || !safe);
    await verifySignature(req, ctx, { required, replayCheck: required });

    if (!safe || (required && read)) requireCsrfToken(req);
    if (req.user?.corpCancelled && !config.allowCancelled) throw new ApiError('CORP_CANCELLED');
    // An initial password is changed before anything else is done with it.
    if (req.user?.passwordChangeRequired && auth === 'user' && !config.beforePasswordChange)
      throw new ApiError('PASSWORD_CHANGE_REQUIRED');
  });
}

/** The CSRF header must be the session's token (state-changing calls, and every read of a session). */
export function requireCsrfToken(req: FastifyRequest): void {
  const token = req.headers['x-csrf-token'];
  if (!req.session || typeof token !== 'string' || token !== req.session.csrfToken) {
    throw new ApiError('CSRF_INVALID');
  }
}

/** A signed header of a multipart upload (ADR 0001 amendment), if the request has it. */
function uploadHeader(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The received file must be the one the request signed (ADR 0001, amendment): its md5 is the signed file
 * md5 header's. Every route that takes a file calls this once it has the bytes, before it writes anything;
 * a missing header or another file is SCF.FILE_HASH_MISMATCH.
 */
export function requireSignedFile(req: FastifyRequest, data: Buffer): void {
  const claimed = uploadHeader(req, FILE_MD5_HEADER);
  if (claimed === undefined || claimed !== createHash('md5').update(data).digest('hex')) {
    throw new ApiError('FILE_HASH_MISMATCH');
  }
}

/** A multipart part as @fastify/multipart lists it among a file part's `fields`. */
interface FormPart {
  type?: string;
  fieldname?: string;
  value?: unknown;
}

/**
 * The text fields received before the file must be the ones the request signed (ADR 0001, amendment): the
 * md5 of their signed text (contract formFieldsText, the portal's rule too) is the form md5 header's, and
 * without fields there is no header. Every route that takes a file calls this with the file part's
 * `fields` as soon as it has the part, before it reads any of them; a changed, added or removed field (or a
 * typed part, which the portal never sends) is SCF.SIGNATURE_INVALID.
 */
export function requireSignedFields(req: FastifyRequest, parts: Record<string, unknown>): void {
  const fields: Array<[string, string]> = [];
  for (const entry of Object.values(parts).flat() as FormPart[]) {
    if (entry.type !== 'field') continue;
    if (typeof entry.value !== 'string') throw new ApiError('SIGNATURE_INVALID');
    fields.push([String(entry.fieldname), entry.value]);
  }
  const received = fields.length ? createHash('md5').update(formFieldsText(fields)).digest('hex') : undefined;
  if (received !== uploadHeader(req, FORM_MD5_HEADER)) throw new ApiError('SIGNATURE_INVALID');
}

async function verifySignature(
  req: FastifyRequest,
  ctx: ServerContext,
  opts: { required: boolean; replayCheck: boolean },
): Promise<void> {
  const header = req.headers['x-vrandom'];
  // Anonymous reads and navigations have nothing to protect and no key to check against (ADR 0001).
  if (!req.user && !opts.required) return;
  if (header === undefined) {
    if (opts.required) throw new ApiError('SIGNATURE_MISSING');
    return;
  }
  const parsed = parseSignatureHeader(typeof header === 'string' ? header : undefined);
  if (!parsed) throw new ApiError('SIGNATURE_INVALID');
  const rawUrl = req.raw.url ?? req.url;
  const q = rawUrl.indexOf('?');
  const digest = signatureDigest({
    method: req.method,
    path: q < 0 ? rawUrl : rawUrl.slice(0, q),
    rawQuery: q < 0 ? '' : rawUrl.slice(q + 1),
    // A multipart body is signed through its file and form md5 headers (requireSignedFile and
    // requireSignedFields check what was received against them).
    body: signedBody({
      multipart: isMultipart(req.headers['content-type']),
      body: req.rawBody ?? '',
      fileMd5: uploadHeader(req, FILE_MD5_HEADER),
      formMd5: uploadHeader(req, FORM_MD5_HEADER),
    }),
    timestamp: parsed.timestamp,
    nonce: parsed.nonce,
    csrfToken: req.session?.csrfToken ?? '',
  });
  if (digest !== parsed.digest) throw new ApiError('SIGNATURE_INVALID');
  if (!opts.replayCheck) return;
  const now = ctx.now().getTime();
  if (Math.abs(now - parsed.timestamp) > SIGNATURE_WINDOW_MS) throw new ApiError('REQUEST_EXPIRED');
  const fresh = await claimNonce(ctx.db, parsed.nonce, new Date(parsed.timestamp + SIGNATURE_WINDOW_MS));
  if (!fresh) throw new ApiError('REQUEST_REPLAYED');
}
