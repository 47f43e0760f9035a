import type { SignRecord } from '@contract/ukey';
import type { PasswordKey } from './auth/passwordKey';
import type { SessionCache } from './auth/sessionCache';
import type { SessionRow } from './auth/sessions';
import type { ChangeFeed } from './db/changes';
import type { Db, Queryable } from './db/db';
import type { ModelEngine } from './models/modelEngine';
import type { Ops } from './ops';
import type { FaceCheckProvider } from './registration/faceCheck';
import type { SmsGateway } from './registration/sms';

export type { SignRecord };

/** Checks a sign record before a signed transition takes effect (ADR 0005 section 4). */
export interface SignatureVerifier {
  /**
   * `scope` names what the signature approves (`creditVoucher/42/approve`); when given, the original must
   * have been issued for exactly that scope, so a signature cannot be replayed onto another record or action.
   */
  verify(
    tx: Queryable,
    record: unknown,
    user: CurrentUser,
    sessionIdHash: string,
    scope?: string,
  ): Promise<SignRecord>;
}

/** What every plugin gets from the app: storage, keys and a clock tests can fix. */
export interface ServerContext {
  db: Db;
  passwordKey: PasswordKey;
  now: () => Date;
  /** Directory of the built portal (`dist/`); absent means the API alone is served. */
  distDir?: string;
  /** Directory of the page schemas, from which menus are built. */
  schemasDir: string;
  signatureVerifier: SignatureVerifier;
  /** The models engine (server/engine.ts), made once for the app: every plugin acts through it. */
  engine: ModelEngine;
  /** Change notifications of the database (migration 030), which drop what this instance cached. */
  changes: ChangeFeed;
  /** Recent session lookups of this instance (auth/sessionCache.ts). */
  sessionCache: SessionCache;
  /** Test mode (TEST_MODE=true): test-only endpoints such as the emulated SMS outbox are mounted. */
  testMode: boolean;
  /** Where SMS codes are sent (an emulator in the reference server). */
  smsGateway: SmsGateway;
  /** The face-check provider of real-name verification (an emulator in the reference server). */
  faceCheck: FaceCheckProvider;
  /** Probes and metrics of this instance (server/ops.ts): plugins add their readiness checks. */
  ops: Ops;
}

/** The logged-in user as the handlers see it (loaded once per request). */
export interface CurrentUser {
  id: string;
  username: string;
  personName: string;
  mobile: string;
  userType: string;
  enableSwitchVersion: boolean;
  homeUrl: string | null;
  corpId: string;
  corpName: string;
  corpType: 'CORE' | 'CHAIN' | 'UNIT' | 'FIN';
  corpCancelled: boolean;
  /** Logged in with a password someone else gave them (an initial password): must change it first. */
  passwordChangeRequired: boolean;
  roles: string[];
}

export type AuthLevel = 'none' | 'session' | 'user';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    user: CurrentUser | null;
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** Who may call: 'none' (anyone), 'session' (any session, even anonymous), 'user' (logged in; default). */
    auth?: AuthLevel;
    /** A read-only POST: signature checked when a session exists, no CSRF token needed. */
    safe?: boolean;
    /** Callable by a user whose enterprise is cancelled (session calls, logout). */
    allowCancelled?: boolean;
    /** Callable before a required password change (the session, person info, the change itself). */
    beforePasswordChange?: boolean;
    /**
     * A browser navigation (a download link, the logout address): it cannot carry the signature, CSRF or
     * terminal headers, so they are checked only when sent. Only for reads without side effects, or ones
     * that carry their own proof (logout's `_csrf`, a signed link's HMAC).
     */
    navigation?: boolean;
  }
}
