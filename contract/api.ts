/**
 * The hand-written API (everything but the models API, whose paths renderer/core builds), written once:
 * each endpoint's method, path, who may call it, whether its call is signed, and the types of its request
 * and answer. The server registers its routes from these descriptors (server/routes.ts) and the portal
 * calls through them (src/api/request.ts `call`); no API path is spelt anywhere else in src/
 * (tests/unit/apiPaths.test.ts).
 */
import type { PlatformConfig } from './platform';
import type { RealnameStatus, RegisterRequest, ResetPasswordRequest, SmsPurpose } from './registration';
import { MANAGER_ROLE, mayStartFaceCheck, ROLE_CODES } from './roles';
import type { LoginBootstrap, PageResult, SecurityInfo } from './session';
import type { SignRecord, UkeyItem, UkeyRules } from './ukey';

/** Where the API is mounted, for the portal and the server. */
export const API_BASE = '/api/web';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, any session (even anonymous), or a logged-in user. */
export type EndpointAuth = 'none' | 'session' | 'user';

export type QueryValue = string | number | boolean | null | undefined;

/** What a call sends: path parameters (`:name` in the path), query and body. */
export interface EndpointInput {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface Endpoint<Req extends EndpointInput = EndpointInput, Res = unknown> {
  readonly method: HttpMethod;
  /** Under {@link API_BASE}; `:name` marks a path parameter. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /**
   * Whether the call carries the request signature, CSRF and terminal headers (ADR 0001). An unsigned
   * endpoint is a browser navigation (the logout address), which cannot send them.
   */
  readonly signed: boolean;
  /** The current roles that may call it; any role when absent. */
  readonly roles?: readonly string[];
  /** Types only, never set: what a call sends and what its `data` is. */
  readonly types?: { req: Req; res: Res };
}

export type RequestOf<E> = E extends Endpoint<infer Req, unknown> ? Req : never;
export type ResponseOf<E> = E extends Endpoint<EndpointInput, infer Res> ? Res : never;

interface EndpointOptions {
  auth?: EndpointAuth;
  signed?: boolean;
  roles?: readonly string[];
}

function endpoint<Req extends EndpointInput = EndpointInput, Res = unknown>(
  method: HttpMethod,
  path: string,
  o: EndpointOptions = {},
): Endpoint<Req, Res> {
  return {
    method,
    path,
    auth: o.auth ?? 'user',
    signed: o.signed ?? true,
    ...(o.roles ? { roles: o.roles } : {}),
  };
}

/** An endpoint's path with its parameters filled in (each percent-encoded). @throws for a missing one */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: parameter ${name} missing`);
    return encodeURIComponent(value);
  });
}

type Paging = { page?: number; size?: number };
type Ids = { ids?: Array<string | number>; all?: boolean };
const manager = { roles: [MANAGER_ROLE] } as const;
type DictQuery = Paging & { keyword?: string };
type DictOption = { code: string; name: string };

/** The portal's calls of spec section 7 and of its hand-written screens. */
export const API = {
  // Session (spec section 3).
  bootstrap: endpoint<EndpointInput, LoginBootstrap>('GET', '/login', { auth: 'none' }),
  platforms: endpoint<{ body: { platformUrl: string } }, PlatformConfig[]>('POST', '/biz/v1/platforms', {
    auth: 'none',
  }),
  passwordKey: endpoint<EndpointInput, { publicKey: string }>('GET', '/v1/auth/passwords/public-keys', {
    auth: 'none',
  }),
  login: endpoint<{ body: { username: string; password: string } }, { csrfToken: string }>(
    'POST',
    '/uaa/login',
    { auth: 'session' },
  ),
  // Also a navigation (spec section 7: after `POST {token}`, a form GET): then it redirects to the home.
  loginSuccess: endpoint<EndpointInput, { redirectUrl: string }>('GET', '/uaa/login/success', {
    signed: false,
  }),
  // `POST {token}` (spec section 7): a user token of GET /corp/v1/auth/token becomes this browser's session.
  tokenLogin: endpoint<{ params: { token: string } }, { csrfToken: string }>('POST', '/uaa/token/:token', {
    auth: 'session',
  }),
  logout: endpoint<{ query: { redirect_url: string; _csrf: string } }>('GET', '/uaa/logout', {
    auth: 'none',
    signed: false,
  }),
  security: endpoint<{ query: Record<string, QueryValue> }, SecurityInfo>('GET', '/v2/security'),
  authToken: endpoint<EndpointInput, { token: string; expiresAt: number }>('GET', '/corp/v1/auth/token'),
  holidays: endpoint<{ query: { region: string } }, string[]>('GET', '/corp/v1/dates/holidays/currentYear', {
    auth: 'none',
  }),
  issuerParam: endpoint<EndpointInput, { groups: unknown[]; legalType: boolean; issuerType: string }>(
    'GET',
    '/corp/v1/credits/issue/issuers/param',
  ),

  // The enterprise and the user.
  productSwitch: endpoint<{ query?: { productType: string }; body?: { productType: string } }>(
    'POST',
    '/corp/v1/corps/persons/product-switch/records',
  ),
  suppliers: endpoint<EndpointInput, PageResult<unknown>>('GET', '/corp/v1/corps/suppliers'),
  personMe: endpoint('GET', '/corp/v1/persons/me'),
  personPassword: endpoint<{ body: { oldPassword: string; password: string; confirmPassword: string } }>(
    'POST',
    '/corp/v1/persons/me/password',
  ),
  personMobile: endpoint<{ body: { mobile: string; smsCode: string } }>('POST', '/corp/v1/persons/me/mobile'),
  // The bell: the model message's list (status, messageType), cached per user (server/plugins/messages.ts).
  messages: endpoint<{ query: Paging & { status?: string; messageType?: string } }, PageResult<unknown>>(
    'GET',
    '/corp/v1/sys/messages',
  ),
  messagesRead: endpoint<{ body: Ids }, { updated: number }>('POST', '/corp/v1/sys/messages/read'),
  smsRead: endpoint<{ body: Ids }, { updated: number }>('POST', '/corp/v1/sys/sms/read'),
  // 协议管理 (/my/protocol/index) lists the model signedAgreement; a registration agreement's PDF, by the
  // record's id (server/registration/protocols.ts; a product's is the product's own document route).
  protocolPdf: endpoint<{ params: { id: string } }>('GET', '/corp/v1/protocols/:id', { signed: false }),
  // A factoring product's documentation (server/factoring/documentation.ts): its documents, and
  // each as a PDF (`view=1` opens it in the browser).
  factoringDocumentation: endpoint<{ query: { variant?: string } }, unknown[]>(
    'GET',
    '/biz/v1/factoring/documentation',
  ),
  factoringDocumentationPdf: endpoint<{
    params: { variant: string; code: string };
    query: { view?: string };
  }>('GET', '/biz/v1/factoring/documentation/:variant/:code', { signed: false }),
  users: endpoint<{ query: Paging & { keyword?: string; status?: string } }, PageResult<unknown>>(
    'GET',
    '/corp/v1/corps/users',
    manager,
  ),
  userRoleOptions: endpoint('GET', '/corp/v1/corps/users/role-options', manager),
  userRoleChanges: endpoint<{ params: { id: string } }>(
    'GET',
    '/corp/v1/corps/users/:id/role-changes',
    manager,
  ),

  // Registration, password reset, real-name check.
  smsCode: endpoint<
    { body: { mobile: string; purpose: SmsPurpose; username?: string } },
    { resendSeconds: number; ttlSeconds: number }
  >('POST', '/v1/sms/codes', { auth: 'session' }),
  register: endpoint<{ body: RegisterRequest }, { username: string; enterpriseName: string }>(
    'POST',
    '/v1/register',
    { auth: 'session' },
  ),
  passwordReset: endpoint<{ body: ResetPasswordRequest }, { username: string }>(
    'POST',
    '/v1/auth/passwords/reset',
    { auth: 'session' },
  ),
  realnameStatus: endpoint<EndpointInput, RealnameStatus>('GET', '/corp/v1/realname/status'),
  // The names of the enterprise's verified business licence (ADR 0015): its name and its legal person's.
  licenseNames: endpoint<EndpointInput, { corpName: string; legalName: string }>(
    'GET',
    '/corp/v1/realname/licenses/verify/license-names',
  ),
  faceCheckStart: endpoint<
    { body: { legalName: string; legalIdCard: string } },
    { checkId: string; h5Path: string }
  >('POST', '/corp/v1/realname/face-checks', { roles: ROLE_CODES.filter(mayStartFaceCheck) }),
  faceCheck: endpoint<{ params: { id: string } }>('GET', '/v1/realname/face-checks/:id', { auth: 'none' }),
  faceCapture: endpoint<
    { params: { id: string }; body: { emulate: 'MATCH' | 'MISMATCH' } },
    { state: 'VERIFIED' | 'FAILED'; reason: string | null }
  >('POST', '/v1/realname/face-checks/:id/capture', { auth: 'session' }),

  // UKEY (spec section 7 and the key screens).
  ukeyOriginal: endpoint<{ query: { scope?: string; purpose?: 'soft-key' } }, string>(
    'GET',
    '/v1/auth/cas/add/info/original',
  ),
  ukeyRules: endpoint<EndpointInput, Partial<UkeyRules>>('GET', '/v1/auth/ccbca/rules'),
  ukeyBindVerifyFunction: endpoint('GET', '/v1/auth/v1/ca/is-use/ukey-bind/verify/function'),
  stateCaNormal: endpoint('GET', '/corp/v1/corps/state-ca/is-normal'),
  // The credit product's soft-certificate signing project of the user's soft key (ADR 0015).
  softCaProjectCode: endpoint<{ body: { ukeyNo: string } }, { projectCode: string; ukeyNo: string }>(
    'POST',
    '/corp/v1/credits/signature/softCa/projectCode',
  ),
  cfcaControls: endpoint<EndpointInput, boolean>('GET', '/v1/auth/cfca/controls/enable'),
  ukeyVerifySign: endpoint<{ body: { signature: SignRecord } }>('POST', '/v1/auth/ukey/verify-sign'),
  softKeys: endpoint('POST', '/v1/auth/ukey/soft-keys'),
  ukeys: endpoint<{ query: Paging & { ukeyNo?: string; status?: string } }, PageResult<UkeyItem>>(
    'GET',
    '/corp/v1/ukeys',
  ),
  ukeyHolders: endpoint<EndpointInput, Array<{ userId: string; personName: string }>>(
    'GET',
    '/corp/v1/ukeys/holders',
  ),

  // Stored files (server/files/fileRoutes.ts): the session-bound link is a navigation; the presigned-URL call
  // (spec section 7) answers the object store's address when it serves the file, else this server's link.
  // The host's platform logo (spec section 7, an image address: a navigation anyone may make).
  logoPreview: endpoint('GET', '/v1/files/logo/preview', { auth: 'none', signed: false }),
  // Uploads are multipart (`file`, `model`, `recordId`, `category`); `fileUploadShort` is the same upload.
  fileUpload: endpoint('POST', '/v1/files/upload'),
  fileUploadShort: endpoint('POST', '/v1/files'),
  filesOfRecord: endpoint<{ query: { model: string; recordId: string } }>('GET', '/v1/files'),
  fileDelete: endpoint<{ params: { key: string }; query: { version?: string } }>('DELETE', '/v1/files/:key'),
  fileDownload: endpoint<{ params: { key: string } }>('GET', '/v1/files/download/:key', { signed: false }),
  fileNamedDownload: endpoint<{ params: { key: string; id: string } }>('GET', '/v1/files/:key/download/:id', {
    signed: false,
  }),
  fileSnapshot: endpoint<{ params: { key: string; type: string } }>(
    'GET',
    '/v1/files/:key/snapshot/:type/show',
    { signed: false },
  ),
  /** The presigned link itself: bound to the session that asked for it by its signature (server/files/signedUrl.ts). */
  fileSigned: endpoint<{ params: { key: string } }>('GET', '/v1/files/signed/:key', {
    auth: 'none',
    signed: false,
  }),
  filePresignedUrl: endpoint<
    { query: { pkFile: string; isAttachment?: boolean } },
    { useOss: boolean; url: string }
  >('GET', '/v1/files/oss/sts/download/presigned-url'),

  // Beside the models API (server/lists, server/plugins/dictionaries.ts): a user's saved settings of a list
  // (`key` names the list), the download centre's export jobs (the finished file is a navigation), and the
  // dictionaries of remote selects (`keyword`, `page`, `size`; regions by `parent`, branches by `bank`).
  listSettings: endpoint<{ query: { key: string } }>('GET', '/biz/v1/list-settings'),
  listSettingsSave: endpoint<{ query: { key: string }; body: unknown }>('PUT', '/biz/v1/list-settings'),
  exports: endpoint<EndpointInput, unknown[]>('GET', '/biz/v1/exports'),
  exportJob: endpoint<{ params: { id: string } }>('GET', '/biz/v1/exports/:id'),
  exportFile: endpoint<{ params: { id: string } }>('GET', '/biz/v1/exports/:id/file', { signed: false }),
  dictRegions: endpoint<{ query: DictQuery & { parent?: string } }, PageResult<DictOption>>(
    'GET',
    '/v1/dicts/regions',
  ),
  dictBanks: endpoint<{ query: DictQuery }, PageResult<DictOption>>('GET', '/v1/dicts/banks'),
  dictBankBranches: endpoint<{ query: DictQuery & { bank?: string } }, PageResult<DictOption>>(
    'GET',
    '/v1/dicts/bank-branches',
  ),

  // The models API (ADR 0005 §3, server/models/modelRoutes.ts, server/lists): the renderer's path functions
  // (renderer/core/model) fill these in.
  modelRecords: endpoint<{ params: { model: string } }>('GET', '/biz/v1/models/:model/records'),
  modelCreate: endpoint<{ params: { model: string }; body: unknown }>(
    'POST',
    '/biz/v1/models/:model/records',
  ),
  modelRecord: endpoint<{ params: { model: string; id: string } }>(
    'GET',
    '/biz/v1/models/:model/records/:id',
  ),
  modelUpdate: endpoint<{ params: { model: string; id: string }; body: unknown }>(
    'PUT',
    '/biz/v1/models/:model/records/:id',
  ),
  modelAction: endpoint<{ params: { model: string; id: string; action: string }; body: unknown }>(
    'POST',
    '/biz/v1/models/:model/records/:id/actions/:action',
  ),
  modelBatch: endpoint<{ params: { model: string; action: string }; body: unknown }>(
    'POST',
    '/biz/v1/models/:model/batch/:action',
  ),
  modelRefs: endpoint<{ params: { model: string; field: string } }>(
    'GET',
    '/biz/v1/models/:model/refs/:field',
  ),
  modelAggregates: endpoint<{ params: { model: string } }>('GET', '/biz/v1/models/:model/aggregates'),
  /** The same statistics as {@link API.modelAggregates}, under its singular name. */
  modelAggregate: endpoint<{ params: { model: string } }>('GET', '/biz/v1/models/:model/aggregate'),
  modelMeta: endpoint<{ params: { model: string } }>('GET', '/biz/v1/models/:model/meta'),
  modelExport: endpoint<{ params: { model: string }; body: unknown }>(
    'POST',
    '/biz/v1/models/:model/exports',
  ),
  modelImport: endpoint<{ params: { model: string } }>('POST', '/biz/v1/models/:model/import'),
  modelImportTemplate: endpoint<{ params: { model: string } }>(
    'GET',
    '/biz/v1/models/:model/import-template',
    { signed: false },
  ),

  // One-time public links (server/publicLinks).
  publicLink: endpoint<{ params: { kind: string }; query: { id: string; token: string } }>(
    'GET',
    '/v1/public-links/:kind',
    { auth: 'none' },
  ),
  publicLinkAct: endpoint<{
    params: { kind: string };
    body: { id: string; token: string; signerName: string; agreed: boolean };
  }>('POST', '/v1/public-links/:kind', { auth: 'session' }),
} as const;

export type ApiName = keyof typeof API;

/**
 * The descriptor a page schema's `api` names: `url` (with `{name}` placeholders, renderer/core's ApiSource,
 * or a model's name written out) against each path with its `:name` parameters, and the method.
 * Undefined when none matches.
 */
export function endpointAt(method: HttpMethod, url: string): Endpoint | undefined {
  const path = url.split('?')[0]!;
  return Object.values(API as Record<string, Endpoint>).find(
    (e) => e.method === method && endpointPattern(e.path).test(path),
  );
}

/** A descriptor's path as a pattern: each `:name` stands for one segment, written or a placeholder. */
function endpointPattern(path: string): RegExp {
  const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${path
      .split(/:[A-Za-z]+/)
      .map(literal)
      .join('[^/]+')}$`,
  );
}
