import { roleHome } from '@contract/homes';
import { personalDataFor } from '@contract/personalData';
import { CORP_WEB_SYSTEM_TYPE, type RoleItem, type SecurityInfo } from '@contract/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadUser } from '../auth/currentUser';
import { claimNonce } from '../auth/nonceStore';
import { checkLoginAllowed, clearLoginFailures, recordLoginFailure } from '../auth/loginThrottle';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { pickCurrentRole, pkRole, roleInfo } from '../auth/roles';
import {
  createSession,
  deleteSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  setCurrentRole,
} from '../auth/sessions';
import { issueUserToken, readUserToken } from '../auth/userTokens';
import type { CurrentUser, ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { buildMenus, loadRoutes } from '../menus';
import { requireCsrfToken } from './security';
import { API } from '@contract/api';
import { openedProducts } from '../models/productOpenings';
import { heldKey } from '../models/ukeyBindings';
import { route } from '../routes';

const LOGIN_PAGE = '/cv3/login/login';
/** Longer names cannot exist; refusing them early keeps the failure table small. */
const MAX_USERNAME_LENGTH = 64;

function setSessionCookie(reply: FastifyReply, req: FastifyRequest, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** A browser navigation (a form's GET) rather than the portal's call: it asks for a page, not JSON. */
const isNavigation = (req: FastifyRequest): boolean =>
  String(req.headers.accept ?? '').startsWith('text/html') || req.headers['sec-fetch-mode'] === 'navigate';

/** Only same-site absolute paths may be redirect targets (no open redirects). */
export function safeRedirect(target: unknown, fallback = LOGIN_PAGE): string {
  return typeof target === 'string' && /^\/(?![/\\])/.test(target) ? target : fallback;
}

function roleItem(code: string): RoleItem {
  return { pkRole: pkRole(code), roleCode: code, roleName: roleInfo(code).name };
}

/** Session calls of spec section 7: login page bootstrap, login, logout, security info, keys, token. */
export async function sessionPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const routes = loadRoutes(ctx.schemasDir);

  // Login-page bootstrap: makes sure the browser has a session (anonymous before login) and its CSRF token.
  route(app, API.bootstrap, { allowCancelled: true }, async (req, reply) => {
    let session = req.session;
    if (!session) {
      const created = await createSession(ctx.db, null, null, ctx.now());
      setSessionCookie(reply, req, created.id);
      session = created.session;
    }
    reply.header('X-CSRF-TOKEN', session.csrfToken);
    return ok({
      loggedIn: Boolean(req.user),
      inlineLogin: false,
      systemType: CORP_WEB_SYSTEM_TYPE,
      csrfToken: session.csrfToken,
    });
  });

  route(app, API.passwordKey, async () =>
    ok({ keyId: ctx.passwordKey.keyId, publicKey: ctx.passwordKey.publicKeySpki, algorithm: 'RSA-OAEP-256' }),
  );

  route<{ Body: { username?: unknown; password?: unknown } }>(
    app,
    API.login,
    { allowCancelled: true },
    async (req, reply) => {
      const { username, password } = req.body ?? {};
      if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
        throw new ApiError('BAD_REQUEST');
      }
      if (username.length > MAX_USERNAME_LENGTH || password.length > 4096) throw new ApiError('LOGIN_FAILED');
      let plain: string;
      try {
        plain = ctx.passwordKey.decrypt(password);
      } catch {
        throw new ApiError('PASSWORD_DECRYPT_FAILED');
      }
      const now = ctx.now();
      const client = req.ip;
      await checkLoginAllowed(ctx.db, username, client, now);
      const found = await ctx.db.query<{ id: string; password_hash: string; disabled: boolean }>(
        'select id, password_hash, disabled from users where username = $1',
        [username],
      );
      const row = found.rows[0];
      // Unknown names take the same path and time: a dummy hash is checked and the failure is counted.
      const valid = await verifyPassword(plain, row?.password_hash ?? DUMMY_HASH);
      if (!row || !valid) {
        const locked = await recordLoginFailure(ctx.db, username, client, now);
        if (locked !== null) throw new ApiError('LOGIN_LOCKED', { minutes: locked });
        throw new ApiError('LOGIN_FAILED');
      }
      // Only the right password learns that the user was disabled by its administrator.
      if (row.disabled) throw new ApiError('USER_DISABLED');
      const user = (await loadUser(ctx.db, row.id))!;
      // A new session id on login (no session fixation); the anonymous one is dropped.
      const created = await ctx.db.transaction(async (tx) => {
        await clearLoginFailures(tx, username, client);
        if (req.session) {
          await deleteSession(tx, req.session.idHash);
          ctx.sessionCache.drop(req.session.idHash);
        }
        return createSession(tx, row.id, pickCurrentRole(user.roles, null), now);
      });
      setSessionCookie(reply, req, created.id);
      return ok({
        csrfToken: created.session.csrfToken,
        userName: user.username,
        personName: user.personName,
      });
    },
  );

  // A read of where to go; as a form navigation (spec section 7, after `POST {token}`) it goes there.
  route(app, API.loginSuccess, { allowCancelled: true, beforePasswordChange: true }, async (req, reply) => {
    const user = req.user!;
    const home =
      user.homeUrl ?? roleHome(req.session!.currentRole, await openedProducts(ctx.db, user.corpId));
    const redirectUrl = `/cv3${home}`;
    if (isNavigation(req)) return reply.redirect(redirectUrl);
    return ok({ redirectUrl });
  });

  // `POST {token}` (spec section 7, ADR 0015): a user token, once and within its time, gives this browser a new
  // session of its user (as a login does: new session id, new CSRF token); the form GET above follows.
  route<{ Params: { token: string } }>(app, API.tokenLogin, { allowCancelled: true }, async (req, reply) => {
    const now = ctx.now();
    const read = await readUserToken(ctx.db, req.params.token, now.getTime());
    if (!read) throw new ApiError('USER_TOKEN_INVALID');
    const user = await loadUser(ctx.db, read.userId);
    if (!user) throw new ApiError('USER_TOKEN_INVALID');
    if (!(await claimNonce(ctx.db, `user-token:${read.mac}`, new Date(read.expiresAt))))
      throw new ApiError('USER_TOKEN_INVALID');
    const created = await ctx.db.transaction(async (tx) => {
      if (req.session) {
        await deleteSession(tx, req.session.idHash);
        ctx.sessionCache.drop(req.session.idHash);
      }
      return createSession(tx, user.id, pickCurrentRole(user.roles, null), now);
    });
    setSessionCookie(reply, req, created.id);
    return ok({ csrfToken: created.session.csrfToken });
  });

  // A browser navigation (no custom headers), so the CSRF token travels as `_csrf`.
  route<{ Querystring: { redirect_url?: string; _csrf?: string } }>(
    app,
    API.logout,
    { allowCancelled: true },
    async (req, reply) => {
      if (req.session && req.query._csrf === req.session.csrfToken) {
        await deleteSession(ctx.db, req.session.idHash);
        ctx.sessionCache.drop(req.session.idHash);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return reply.redirect(safeRedirect(req.query.redirect_url));
    },
  );

  route<{ Querystring: { currentRole3?: string } }>(
    app,
    API.security,
    { allowCancelled: true, beforePasswordChange: true },
    async (req) => {
      const user = req.user!;
      const session = req.session!;
      let current = session.currentRole;
      const requested = req.query.currentRole3;
      if (requested && requested !== current) {
        // A state-changing GET: the security hook already required a fresh, unreplayed signature; the
        // CSRF token is asserted here too so the switch stays protected like a POST whatever the hook does.
        requireCsrfToken(req);
        if (!user.roles.includes(requested)) throw new ApiError('ROLE_NOT_HELD');
        current = requested;
        await setCurrentRole(ctx.db, session.idHash, current);
        ctx.sessionCache.drop(session.idHash);
      }
      return ok(await securityInfo(ctx, user, current, routes));
    },
  );

  // A short-lived token naming the user (server/auth/userTokens.ts), presented once by `POST {token}`.
  route(app, API.authToken, async (req) =>
    ok(await issueUserToken(ctx.db, req.user!.id, ctx.now().getTime())),
  );
}

async function securityInfo(
  ctx: ServerContext,
  user: CurrentUser,
  current: string | null,
  routes: ReturnType<typeof loadRoutes>,
): Promise<SecurityInfo> {
  const opened = await openedProducts(ctx.db, user.corpId);
  return {
    user3: {
      personId: `P${user.id}`,
      userId: user.id,
      userName: user.username,
      personName: user.personName,
      mobile: personalDataFor(current, 'mobile', user.mobile),
      userType: user.userType,
      enableSwitchVersion: user.enableSwitchVersion,
      corpId: user.corpId,
      corpName: user.corpName,
      corpType: user.corpType,
      corpCancelled: user.corpCancelled,
      passwordChangeRequired: user.passwordChangeRequired,
    },
    candidateRoles: user.roles.map(roleItem),
    roles3: user.roles.map(roleItem),
    currentRole3: current ? roleItem(current) : null,
    menus3: buildMenus(routes, current, ctx.testMode),
    homeUrl: user.homeUrl ?? roleHome(current, opened),
    openedProductCorps: opened,
    ...(await ukeyFields(ctx, user)),
  };
}

/** The user's bound key, as /v2/security describes it (spec section 3): code suffix, RA type, cert number. */
async function ukeyFields(
  ctx: ServerContext,
  user: CurrentUser,
): Promise<Pick<SecurityInfo, 'uKeyCodeSuffix' | 'raType' | 'certNumber'>> {
  const b = await heldKey(ctx.db, user.id, user.corpId);
  return b
    ? { uKeyCodeSuffix: b.ukeyNo.slice(-4), raType: b.raType, certNumber: b.printNumber }
    : { uKeyCodeSuffix: null, raType: null, certNumber: null };
}
