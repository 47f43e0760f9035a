import { readSchemaDirectory, loadSchemaFile } from '@renderer/core/node';
import { loadRoutes } from '../menus';
import type { Queryable } from '../db/db';
import type { CompiledModel } from './compileModel';
import type { CurrentUser } from '../context';
import type { BizRecord, FieldDef, ModelDef, TransitionDef } from './types';
import { writeMessage } from './userMessages';
import { writeAudit } from './audit';

/**
 * Hand-overs (DESIGN.md section 13 "Between the clicks"): a transition that gives work to another party
 * declares it in its model (`handover: {party, roles, ask}`), and the engine writes an in-site to-do for
 * every user of that enterprise holding one of those roles, in the transition's own transaction (the
 * messages table is the outbox: a refused or rolled-back transition writes nothing). The message names
 * the record and what is asked, and links (去处理) to the page that acts on it, found in the page schemas.
 * `handover: {none: reason}` says why an action hands nothing over; a transition to a state that no
 * action leaves needs neither (tests/server/handovers.test.ts walks every model). Records an effect
 * creates get their to-dos from their model's `effectCreated.handover`, in the same transaction.
 */

/** The hand-over of a transition, when it declares one. */
export function handoverOf(t: TransitionDef): { party: string; roles: string[]; ask: string } | null {
  return t.handover && 'party' in t.handover ? t.handover : null;
}

/**
 * Creating a record as a step (`create` → the initial state) for the hand-over checks and writer: its
 * `create.handover`, titled 提交.
 */
export function createStep(def: ModelDef): TransitionDef | null {
  if (!def.create) return null;
  return {
    action: 'create',
    title: '提交',
    from: [],
    to: def.initialState,
    roles: def.create.roles,
    party: def.create.corpField,
    ...(def.create.handover ? { handover: def.create.handover } : {}),
  };
}

/**
 * A record an effect creates as a step (→ the state it is created in, the initial one by default) for the
 * hand-over checks and writer: its model's `effectCreated.handover`, titled after the step that ran the
 * effect (审核通过 of the white list that made the agreement).
 */
export function effectCreateStep(
  def: ModelDef,
  title: string,
  state = def.initialState,
): TransitionDef | null {
  if (!def.effectCreated) return null;
  return {
    action: 'effectCreate',
    title,
    from: [],
    to: state,
    roles: [],
    party: [],
    handover: def.effectCreated.handover,
  };
}

/** Whether no action leaves `state` (the end of a record's life: nobody is asked anything). */
export function isTerminal(def: ModelDef, state: string): boolean {
  return !def.transitions.some((t) => t.from.includes(state));
}

const partyFields = (party: string | string[]): string[] => (Array.isArray(party) ? party : [party]);

/**
 * The checks of a transition's `handover` beyond the meta-schema: the party is an enterprise field, the
 * roles are known, and some action leaving the new state may be run by those roles of that party (a
 * to-do nobody can do is refused). Returns `/json/pointer: problem` strings.
 */
export function checkHandover(
  def: ModelDef,
  t: TransitionDef,
  at: string,
  roles: ReadonlySet<string>,
): string[] {
  const h = handoverOf(t);
  if (!h) return [];
  const problems: string[] = [];
  const field: FieldDef | undefined = def.fields[h.party];
  if (!field) problems.push(`${at}/handover/party: unknown field "${h.party}"`);
  else if (!(field.ref === 'corp' || (field.type === 'array' && field.items?.type === 'string')))
    problems.push(`${at}/handover/party: "${h.party}" holds no enterprise`);
  h.roles.forEach((role, i) => {
    if (!roles.has(role)) problems.push(`${at}/handover/roles/${i}: unknown role "${role}"`);
    const next = def.transitions.some(
      (n) => n.from.includes(t.to) && n.roles.includes(role) && partyFields(n.party).includes(h.party),
    );
    if (!next)
      problems.push(`${at}/handover/roles/${i}: no action from "${t.to}" is run by ${role} of "${h.party}"`);
  });
  return problems;
}

/** A page that acts on a model's actions, from its schema. */
interface ActingPage {
  path: string;
  roles: readonly string[];
  kind: string;
  model: string;
  /** The query parameter holding the record id. */
  param: string;
  /** `model/action` this page offers (buttons, row actions, batch actions). */
  offers: Set<string>;
  /** Field values the page is fixed to (a list's scalar `params`). */
  fixed: Record<string, string>;
  /** The product the route belongs to (abs, abcp, account...). */
  product?: string;
}

/** Every `{type: 'action', action}` (and submit `then`) inside a loaded page schema. */
function collectOffers(node: unknown, model: string, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectOffers(item, model, into);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const of = typeof o.model === 'string' ? o.model : model;
  if (o.type === 'action' && typeof o.action === 'string') into.add(`${of}/${o.action}`);
  if (o.type === 'submit' && typeof o.then === 'string') into.add(`${of}/${o.then}`);
  for (const value of Object.values(o)) collectOffers(value, model, into);
}

/** The pages of a `schemas/` folder that show a model's records, with the actions they offer. */
export function actingPages(schemasDir: string): ActingPage[] {
  const directory = readSchemaDirectory(schemasDir);
  // Roles as the router grants them (role groups such as @operatorOrDirector expanded).
  const granted = new Map(loadRoutes(schemasDir).map((r) => [r.path, r]));
  const pages: ActingPage[] = [];
  for (const file of directory.pages) {
    if (file.parseError !== undefined) continue;
    let loaded: Record<string, unknown>;
    try {
      loaded = loadSchemaFile(schemasDir, file.file, directory).schema as unknown as Record<string, unknown>;
    } catch {
      continue; // the checker names broken pages; a link is only looked for among sound ones
    }
    const route = loaded.route as { path?: string } | undefined;
    const kind = String(loaded.page);
    const body = loaded[kind] as Record<string, unknown> | undefined;
    const record = (body?.record ?? body?.owner) as { model?: string; param?: string } | undefined;
    const model = typeof loaded.model === 'string' ? loaded.model : record?.model;
    const meta = route?.path ? granted.get(route.path) : undefined;
    const fixed: Record<string, string> = {};
    const params = (body?.params ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string') fixed[k] = v;
    if (!meta || meta.public || !model) continue;
    const offers = new Set<string>();
    collectOffers(body, model, offers);
    pages.push({
      path: meta.path,
      roles: meta.roles,
      kind,
      model,
      param: record?.param ?? 'id',
      offers,
      fixed,
      ...(meta.product ? { product: meta.product } : {}),
    });
  }
  return pages;
}

/** Page kinds that open one record by its id. */
const RECORD_PAGES = new Set(['approve', 'detail', 'form', 'composite', 'upload']);

/**
 * The 去处理 link of a to-do: a page the receiving role may open that offers one of the next actions on
 * this model, a record page first (`path?id=…`), else a list page focused on the record (`path?id=…`,
 * ListPage shows that record only), else any list of the model for that role.
 */
export class HandoverLinks {
  private pages: ActingPage[] | null = null;

  constructor(private readonly load: () => ActingPage[]) {}

  /**
   * The link for `role` to act with one of `actions` on `model`'s record, or null. A page fixed to a value
   * of a field the record has (a list's `params: {product: abcp}`) is only for records with that value; a
   * record of a product (ABS or ABCP assets share a model) goes to that product's pages when it has some.
   */
  link(
    model: string,
    actions: readonly string[],
    role: string,
    record: Pick<BizRecord, 'id' | 'data'>,
  ): string | null {
    this.pages ??= this.load();
    const fits = (p: ActingPage): boolean =>
      Object.entries(p.fixed).every(([k, v]) => typeof record.data[k] !== 'string' || record.data[k] === v);
    const candidates = this.pages.filter((p) => p.model === model && p.roles.includes(role) && fits(p));
    const product = record.data.product;
    const ofProduct = candidates.filter((p) => p.product === product);
    const mine = ofProduct.length ? ofProduct : candidates;
    const id = record.id;
    const acts = (p: ActingPage): boolean => actions.some((a) => p.offers.has(`${model}/${a}`));
    const page =
      mine.find((p) => RECORD_PAGES.has(p.kind) && acts(p)) ??
      mine.find((p) => p.kind === 'list' && acts(p)) ??
      mine.find((p) => p.kind === 'list');
    if (!page) return null;
    return `${page.path}?${page.kind === 'list' ? 'id' : page.param}=${encodeURIComponent(id)}`;
  }
}

/** What a transition's hand-over is written from. */
export interface HandoverRun {
  tx: Queryable;
  model: CompiledModel;
  transition: TransitionDef;
  record: BizRecord;
  user: CurrentUser;
  now: Date;
}

/** The enterprises a party field holds on a record. */
function partyOf(record: BizRecord, field: string): string[] {
  const v = record.data[field];
  if (typeof v === 'string' && v) return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

/** The record as people name it: its business number (model `numbering`), else its id. */
function recordName(model: CompiledModel, record: BizRecord): string {
  const field = model.def.numbering?.field;
  const no = field ? record.data[field] : undefined;
  return typeof no === 'string' && no ? no : record.id;
}

/**
 * Writes the to-dos of a transition that declares a hand-over (in its transaction): one unread message
 * per receiving user (not the actor), with the record, what is asked and the 去处理 link. Returns how many.
 */
export async function writeHandover(links: HandoverLinks, run: HandoverRun): Promise<number> {
  const h = handoverOf(run.transition);
  // An effect may have ended elsewhere (an outcome): the to-do is for the declared next state only.
  if (!h || run.record.state !== run.transition.to) return 0;
  const corps = partyOf(run.record, h.party);
  if (!corps.length) return 0;
  const next = run.model.def.transitions
    .filter((n) => n.from.includes(run.record.state) && partyFields(n.party).includes(h.party))
    .map((n) => n.action);
  const users = await run.tx.query<{ id: string; role: string }>(
    `select u.id, min(r.role_code) as role from users u join user_roles r on r.user_id = u.id
      where u.corp_id = any($1) and r.role_code = any($2) and u.id <> $3
      group by u.id order by u.id`,
    [corps, h.roles, run.user.id],
  );
  const name = recordName(run.model, run.record);
  const by = `${run.user.corpName}${run.user.personName}`;
  const content = `${run.model.def.title} ${name}：${by}已${run.transition.title}，${h.ask}，请及时处理。`;
  for (const u of users.rows) {
    const link = links.link(run.model.name, next, u.role, run.record);
    await writeMessage(run.tx, {
      userId: u.id,
      messageType: 'BUSINESS',
      title: h.ask,
      content,
      link,
      about: { model: run.model.name, recordId: run.record.id, action: run.transition.action },
      createdAt: run.now,
    });
  }
  return users.rows.length;
}

/**
 * Closes the open to-dos of a record that has just moved on (in the transition's transaction, before the
 * new step's to-dos are written): whoever acted, the ask is answered, so each receiver's to-do (a record of
 * the model message) becomes HANDLED, with when and by whom, and a new version (the bell stops counting it).
 * Returns how many were closed.
 */
export async function closeHandovers(
  tx: Queryable,
  model: string,
  recordId: string,
  user: CurrentUser,
  now: Date,
): Promise<number> {
  const r = await tx.query<{ id: string; from: string }>(
    `with open as (select id, state from messages where model = $1 and record_id = $2 and handled_at is null
                    for update)
     update messages m set handled_at = $3, handled_by_name = $4, state = 'HANDLED', version = m.version + 1,
            updated_at = $3
       from open where m.id = open.id
     returning m.id, open.state as "from"`,
    [model, recordId, now, `${user.corpName}${user.personName}`],
  );
  await writeAudit(
    tx,
    r.rows.map((m) => ({
      model: 'message',
      recordId: m.id,
      action: 'handle',
      from: m.from,
      to: 'HANDLED',
      user,
      role: null,
      at: now,
    })),
  );
  return r.rows.length;
}

const linksByDir = new Map<string, HandoverLinks>();

/** The hand-over links of a `schemas/` folder, read once (on the first to-do) and shared by engines. */
export function handoverLinksOf(schemasDir: string): HandoverLinks {
  let links = linksByDir.get(schemasDir);
  if (!links) linksByDir.set(schemasDir, (links = new HandoverLinks(() => actingPages(schemasDir))));
  return links;
}
