import type { FastifyInstance } from 'fastify';
import { validatePersonName } from '@renderer/core/validators';
import type { ServerContext } from '../context';
import { ok } from '../errors';
import { API } from '@contract/api';
import { route } from '../routes';
import { loadRecord } from '../models';
import { localTimeSql } from '../db/localTime';
import { productLinkKinds } from '../products';
import { publicLinkError } from './errors';
import { checkLink, linkActor, spendLink, type PublicLinkKind } from './links';
import { personalValueMasked } from '../models/personalFields';

/** The outbox reader, mounted only when the server runs in test mode (TEST_MODE=true: e2e and tests). */
export const TEST_OUTBOX_PATH = '/test/v1/public-link-outbox';

/**
 * One-time public links (spec section 2's public pages accounts-payable-sign/-confirm):
 * GET  /v1/public-links/{kind}?id&token  → the record's essentials (no login)
 * POST /v1/public-links/{kind} {id, token, signerName, agreed}  → runs the link's one action, spends it
 * Any refusal is a coded error (PUBLIC_LINK_INVALID, _EXPIRED, _USED, _MISMATCH); the link acts for the
 * enterprise it was issued to, in the role of the action that fits that enterprise, and nothing else.
 */
export async function publicLinksPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const kinds = new Map(productLinkKinds().map((k) => [k.kind, k]));
  const { engine } = ctx;
  const kindOf = (name: string): PublicLinkKind => {
    const kind = kinds.get(name);
    if (!kind) throw publicLinkError('PUBLIC_LINK_MISMATCH');
    return kind;
  };

  route<{ Params: { kind: string }; Querystring: { id?: string; token?: string } }>(
    app,
    API.publicLink,
    async (req) => {
      const kind = kindOf(req.params.kind);
      const link = await checkLink(ctx.db, kind, req.query.id, req.query.token, ctx.now());
      const model = engine.model(kind.model);
      const rec = await loadRecord(ctx.db, model, link.record_id);
      if (!rec) throw publicLinkError('PUBLIC_LINK_INVALID');
      const t = model.transitions.get(kind.action)!;
      return ok({
        kind: kind.kind,
        title: kind.title,
        actionTitle: t.title,
        status: rec.state,
        statusLabel: model.states.get(rec.state)?.label ?? rec.state,
        actionable: t.from.includes(rec.state),
        expiresAt: new Date(link.expires_at).toISOString(),
        fields: kind.essentials.map((name) => {
          const f = model.fields.get(name)!;
          // No role (no login yet): personal data masked, as for every role that does not see it whole.
          const value = personalValueMasked(model, name, rec.data[name] ?? null);
          return { name, title: String(f.def.title ?? name), kind: f.kind, value };
        }),
      });
    },
  );

  route<{
    Params: { kind: string };
    Body: { id?: unknown; token?: unknown; signerName?: unknown; agreed?: unknown };
  }>(app, API.publicLinkAct, async (req) => {
    const kind = kindOf(req.params.kind);
    const { id, token, signerName, agreed } = req.body ?? {};
    // The link first: a forged, spent or foreign link learns nothing about the form's rules.
    const link = await checkLink(ctx.db, kind, id, token, ctx.now());
    const name = typeof signerName === 'string' ? signerName.trim() : '';
    if (validatePersonName(name) !== true) throw publicLinkError('PUBLIC_LINK_SIGNER_INVALID');
    if (agreed !== true) throw publicLinkError('PUBLIC_LINK_AGREE_REQUIRED');
    const model = engine.model(kind.model);
    const rec = await loadRecord(ctx.db, model, link.record_id);
    if (!rec) throw publicLinkError('PUBLIC_LINK_INVALID');
    const actor = await linkActor(ctx.db, link, model.transitions.get(kind.action)!.roles, name);
    await engine.act(
      actor,
      kind.model,
      link.record_id,
      kind.action,
      { version: rec.version },
      {
        async guard(tx) {
          const locked = await checkLink(tx, kind, id, token, ctx.now(), true);
          await spendLink(tx, locked, name, ctx.now());
        },
      },
    );
    // The record's state after the action: the page shows it above its 签署成功, never the state before.
    const after = await loadRecord(ctx.db, model, link.record_id);
    const state = after?.state ?? rec.state;
    return ok({
      done: true,
      actionTitle: model.transitions.get(kind.action)!.title,
      status: state,
      statusLabel: model.states.get(state)?.label ?? state,
    });
  });

  if (ctx.testMode) {
    app.get<{ Querystring: { recipient?: string } }>(
      TEST_OUTBOX_PATH,
      { config: { auth: 'none' } },
      async (req) => {
        const r = await ctx.db.query(
          `select id::text as id, channel, recipient, corp_id as "corpId", text, url, ${localTimeSql('created_at')} as "createdAt"
           from public_link_outbox where ($1::text is null or recipient = $1) order by public_link_outbox.id desc limit 50`,
          [req.query.recipient ?? null],
        );
        return ok(r.rows);
      },
    );
  }
}
