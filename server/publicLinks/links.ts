import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '../context';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import type { Actor } from '../models/recordJson';
import { publicLinkError } from './errors';

/**
 * A kind of one-time link a product offers: the public page it opens, the record's model and the one
 * transition (marked `publicLink` in the model) it may run, what the page shows, how long it lives.
 */
export interface PublicLinkKind {
  /** The page's last path segment, e.g. accounts-payable-sign (the API names kinds by it). */
  kind: string;
  /** The public page, e.g. /factoring/reverse/accounts-payable-sign (a `public` route). */
  page: string;
  model: string;
  action: string;
  /** Page title, e.g. 应付账款签署. */
  title: string;
  /** The record's fields the page shows (nothing else of the record, or any other, is reachable). */
  essentials: readonly string[];
  /** Lifetime in hours (default 72). */
  ttlHours?: number;
  /** Message text; {url} is replaced by the link, other {field} by the record's values, {hours} by the lifetime. */
  message: string;
}

export const DEFAULT_TTL_HOURS = 72;
/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface LinkRow {
  token_hash: string;
  kind: string;
  model: string;
  record_id: string;
  action: string;
  party_corp_id: string;
  expires_at: string | Date;
  used_at: string | Date | null;
}

/** Creates a link for one record and one action; only its hash is stored. Returns the token. */
export async function issueLink(
  tx: Queryable,
  kind: PublicLinkKind,
  recordId: string,
  partyCorpId: string,
  recipient: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (kind.ttlHours ?? DEFAULT_TTL_HOURS) * 3600_000);
  await tx.query(
    `insert into public_links (token_hash, kind, model, record_id, action, party_corp_id, recipient, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tokenHash(token),
      kind.kind,
      kind.model,
      recordId,
      kind.action,
      partyCorpId,
      recipient,
      now.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  return { token, expiresAt };
}

/**
 * The link of `token` if it may be used now on this page for this record.
 * @throws PUBLIC_LINK_INVALID (malformed or unknown token), PUBLIC_LINK_MISMATCH (another page's or
 *   another record's link), PUBLIC_LINK_USED, PUBLIC_LINK_EXPIRED
 */
export async function checkLink(
  q: Queryable,
  kind: PublicLinkKind,
  recordId: unknown,
  token: unknown,
  now: Date,
  forUpdate = false,
): Promise<LinkRow> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw publicLinkError('PUBLIC_LINK_INVALID');
  const r = await q.query<LinkRow>(
    `select token_hash, kind, model, record_id, action, party_corp_id, expires_at, used_at
       from public_links where token_hash = $1${forUpdate ? ' for update' : ''}`,
    [tokenHash(token)],
  );
  const link = r.rows[0];
  if (!link) throw publicLinkError('PUBLIC_LINK_INVALID');
  if (link.kind !== kind.kind || link.model !== kind.model || link.action !== kind.action)
    throw publicLinkError('PUBLIC_LINK_MISMATCH');
  if (typeof recordId !== 'string' || link.record_id !== recordId)
    throw publicLinkError('PUBLIC_LINK_MISMATCH');
  if (link.used_at) throw publicLinkError('PUBLIC_LINK_USED');
  if (new Date(link.expires_at).getTime() <= now.getTime()) throw publicLinkError('PUBLIC_LINK_EXPIRED');
  return link;
}

/** Spends a checked (and locked) link. */
export async function spendLink(q: Queryable, link: LinkRow, signerName: string, now: Date): Promise<void> {
  const r = await q.query(
    'update public_links set used_at = $2, used_by_name = $3 where token_hash = $1 and used_at is null',
    [link.token_hash, now.toISOString(), signerName],
  );
  if (r.affectedRows === 0) throw publicLinkError('PUBLIC_LINK_USED');
}

/** Role prefix of each enterprise type: the link acts in the role of its action that fits its enterprise. */
const ROLE_PREFIX: Record<string, string> = {
  CORE: 'ROLE_CORE_',
  CHAIN: 'ROLE_CORP_',
  UNIT: 'ROLE_UNIT_',
  FIN: 'ROLE_FIN_',
};

/** The link's actor: its enterprise, the name the visitor typed, the action's role for that enterprise. */
export async function linkActor(
  db: Queryable,
  link: Pick<LinkRow, 'token_hash' | 'party_corp_id'>,
  roles: readonly string[],
  personName: string,
): Promise<Actor & { role: string }> {
  const r = await db.query<{ name: string; corp_type: CurrentUser['corpType'] }>(
    'select name, corp_type from corps where id = $1',
    [link.party_corp_id],
  );
  const corp = r.rows[0];
  if (!corp) throw new ApiError('NOT_FOUND');
  const prefix = ROLE_PREFIX[corp.corp_type] ?? '';
  const role = roles.find((x) => x.startsWith(prefix)) ?? roles[0]!;
  const user: CurrentUser = {
    id: `link:${link.token_hash.slice(0, 16)}`,
    username: 'public-link',
    personName,
    mobile: '',
    userType: 'PUBLIC_LINK',
    enableSwitchVersion: false,
    homeUrl: null,
    corpId: link.party_corp_id,
    corpName: corp.name,
    corpType: corp.corp_type,
    corpCancelled: false,
    passwordChangeRequired: false,
    roles: [role],
  };
  return { user, role, sessionIdHash: '' };
}
