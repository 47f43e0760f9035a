import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, API_BASE, pathOf } from '@contract/api';
import type { Db } from '../db/db';
import { ApiError, ok } from '../errors';
import { route } from '../routes';
import { isCleanText, parseJsonBody } from '../inputBoundary';
import type { ModelEngine } from '../models/modelEngine';
import { actorOf } from '../models/modelRoutes';
import { requireSignedFields, requireSignedFile } from '../plugins/security';
import { checkChildrenOpen } from '../models/invariants';
import type { Actor } from '../models/recordJson';
import { checkUploadAllowed } from '../models/recordFiles';
import { fileJson, filesOfRecord, findFile, type FileMeta } from './fileRecords';
import type { FileStorage } from './fileStorage';
import { baseName, checkUpload, MAX_FILE_SIZE, MAX_FILE_SIZE_TEXT, MIME_TYPES } from './fileTypes';
import { SEED_KEY_PREFIX, SEED_PDF } from './seedFiles';
import { grantQuery, SIGNED_URL_TTL_MS, STORE_REDIRECT_SECONDS, verifyGrant } from './signedUrl';
import {
  hasOwnRendition,
  isThumbnailType,
  makeThumbnail,
  renditionKey,
  THUMBNAIL_TYPES,
  type ThumbnailType,
} from './thumbnails';

export interface FileRoutesOptions {
  db: Db;
  engine: ModelEngine;
  storage: FileStorage;
  urlKey: Buffer;
  now: () => Date;
}

type Query = Record<string, string | undefined>;

const first = (v: unknown): string | undefined =>
  Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v : undefined;

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987: an apostrophe (and ()*) must be percent-encoded in filename*, which encodeURIComponent leaves.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Runs a step that reads the multipart stream: a missing boundary, a truncated body or a malformed part is
 * the client's fault and answers a coded error, never a 500.
 */
async function multipartStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError('FILE_TOO_LARGE', { max: MAX_FILE_SIZE_TEXT });
    throw new ApiError('UPLOAD_INVALID');
  }
}

/** The `create` field of an upload: a JSON object of the fields of the record to create with the file. */
function parseCreate(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    // The same safe parser as JSON bodies: no prototype keys, limits, clean strings.
    const value = parseJsonBody(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: refused below
  }
  throw new ApiError('BAD_REQUEST');
}

/**
 * File routes under /api/web: multipart upload to a record (type whitelist by extension and content,
 * 20 MB), downloads through the spec's paths, presigned links (HMAC, expiring, bound to the session that
 * asked; with object storage they redirect to the store's own short-lived URL).
 */
export function registerFileRoutes(app: FastifyInstance, o: FileRoutesOptions): void {
  const send = (
    reply: FastifyReply,
    meta: FileMeta,
    data: Buffer,
    kind: 'attachment' | 'inline',
    name = meta.name,
  ) =>
    reply
      .header('content-type', meta.mime)
      .header('content-disposition', disposition(kind, name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(data);

  /** A file's bytes; demo documents (seed/ keys) are one generated PDF. */
  const bytes = async (meta: FileMeta): Promise<Buffer> => {
    try {
      return await o.storage.get(meta.storageKey);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
      if (meta.storageKey.startsWith(SEED_KEY_PREFIX)) return SEED_PDF;
      throw new ApiError('FILE_NOT_FOUND');
    }
  };

  /**
   * The bytes of one rendition: a thumbnail of an image is made from the original the first time it is
   * asked for and kept in the store next to it (every instance finds it there afterwards).
   */
  const renditionBytes = async (meta: FileMeta, type: ThumbnailType): Promise<Buffer> => {
    if (!hasOwnRendition(meta.ext, type)) return bytes(meta);
    const key = renditionKey(meta.storageKey, type);
    try {
      return await o.storage.get(key);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
    const original = await bytes(meta);
    const thumbnail = await makeThumbnail(original, meta.ext, type);
    if (!thumbnail) return original;
    await o.storage.put(key, thumbnail);
    return thumbnail;
  };

  /** Removes a file's bytes and renditions once its row is gone. */
  const removeStored = async (meta: FileMeta): Promise<void> => {
    for (const type of THUMBNAIL_TYPES) await o.storage.remove(renditionKey(meta.storageKey, type));
  };

  /** The file and its record, if the actor's enterprise may see the record. */
  const visibleFile = async (actor: Actor, id: string): Promise<FileMeta> => {
    const meta = await findFile(o.db, id);
    if (!meta) throw new ApiError('FILE_NOT_FOUND');
    await o.engine.visibleRecord(o.db, actor, o.engine.model(meta.model), meta.recordId);
    return meta;
  };

  const upload = async (req: FastifyRequest) => {
    const actor = actorOf(req);
    const part = await multipartStep(() =>
      req.file({ limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 20, fieldSize: 2000 } }),
    );
    if (!part) throw new ApiError('FILE_MISSING');
    requireSignedFields(req, part.fields);
    const query = req.query as Query;
    const field = (name: string): string | undefined => {
      const f = part.fields[name] as { value?: unknown } | undefined;
      const value = first(query[name]) ?? (f && typeof f.value === 'string' ? f.value : undefined);
      if (value !== undefined && !isCleanText(value)) throw new ApiError('TEXT_INVALID');
      return value;
    };
    if (!isCleanText(part.filename ?? '')) throw new ApiError('TEXT_INVALID');
    const modelName = field('model') ?? '';
    let recordId = field('recordId') ?? field('ownerId') ?? '';
    const category = field('category') ?? 'default';
    const model = o.engine.model(modelName);
    // `create` (JSON of the new record's fields) instead of a record id: the record is created only once
    // the file has passed its checks, so a refused file leaves no record without its file behind.
    const create = recordId === '' ? parseCreate(field('create')) : null;
    if (create) {
      if (!model.def.files?.categories.includes(category))
        throw new ApiError('FILE_CATEGORY_INVALID', { category });
    } else {
      const rec = await o.engine.visibleRecord(o.db, actor, model, recordId);
      checkUploadAllowed(model, rec, actor, category);
      // Refused before the file is read; the engine's attachFile checks again under the locks.
      await checkChildrenOpen(o.db, o.engine.models, model, rec.data);
    }

    const data = await multipartStep(() => part.toBuffer());
    requireSignedFile(req, data);
    const name = baseName(part.filename ?? '');
    const ext = checkUpload(name, data);
    if (create) recordId = String((await o.engine.create(actor, model.name, create)).id);
    const now = o.now();
    const id = randomUUID();
    const storageKey = `${now.toISOString().slice(0, 7).replace('-', '/')}/${id}`;
    await o.storage.put(storageKey, data);
    const meta = {
      id,
      model: model.name,
      recordId,
      category,
      name,
      ext,
      mime: MIME_TYPES[ext],
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      storageKey,
      uploaderId: actor.user.id,
      uploaderName: actor.user.personName,
      corpId: actor.user.corpId,
    };
    const replaces = field('replaces');
    let replaced: FileMeta | null;
    try {
      replaced = await o.engine.attachFile(actor, model.name, meta, {
        version: field('version'),
        ...(replaces ? { replaces } : {}),
      });
    } catch (error) {
      await o.storage.remove(storageKey);
      throw error;
    }
    if (replaced) await removeStored(replaced);
    return ok(fileJson({ ...meta, createdAt: '' }));
  };
  route(app, API.fileUploadShort, upload);
  route(app, API.fileUpload, upload);

  route<{ Querystring: Query }>(app, API.filesOfRecord, async (req) => {
    const model = o.engine.model(first(req.query.model) ?? '');
    const recordId = first(req.query.recordId) ?? first(req.query.ownerId) ?? '';
    await o.engine.visibleRecord(o.db, actorOf(req), model, recordId);
    return ok((await filesOfRecord(o.db, model.name, recordId)).map(fileJson));
  });

  // Downloads open in a new window (a navigation without custom headers); the session cookie decides.
  route<{ Params: { key: string } }>(app, API.fileDownload, async (req, reply) => {
    const meta = await visibleFile(actorOf(req), req.params.key);
    return send(reply, meta, await bytes(meta), 'attachment');
  });

  route<{ Params: { key: string; id: string } }>(app, API.fileNamedDownload, async (req, reply) => {
    const meta = await visibleFile(actorOf(req), req.params.id);
    const wanted = baseName(req.params.key);
    return send(reply, meta, await bytes(meta), 'attachment', wanted || meta.name);
  });

  route<{ Params: { key: string; type: string } }>(app, API.fileSnapshot, async (req, reply) => {
    const type = req.params.type;
    if (!isThumbnailType(type)) throw new ApiError('BAD_REQUEST');
    const meta = await visibleFile(actorOf(req), req.params.key);
    return send(reply, meta, await renditionBytes(meta, type), 'inline');
  });

  /** Whether a file's bytes are served by the object store itself (demo documents are not in it). */
  const fromStore = (meta: FileMeta): boolean =>
    o.storage.presign !== undefined && !meta.storageKey.startsWith(SEED_KEY_PREFIX);

  // The presigned link is always this server's, bound to the asking session (server/files/signedUrl.ts),
  // object storage or not: the store's own URL would work for anyone who has it, for its whole lifetime.
  route<{ Querystring: Query }>(app, API.filePresignedUrl, async (req) => {
    const type = first(req.query.thumbnailType) || 'ORIGINAL';
    if (!isThumbnailType(type)) throw new ApiError('BAD_REQUEST');
    const meta = await visibleFile(actorOf(req), first(req.query.pkFile) ?? '');
    const attachment = ['true', '1'].includes(first(req.query.isAttachment) ?? '');
    const expires = o.now().getTime() + SIGNED_URL_TTL_MS;
    const name = baseName(first(req.query.localFileName) ?? '') || meta.name;
    const grant = { fileId: meta.id, type, attachment, name, expires, session: req.session!.idHash };
    return ok({
      useOss: fromStore(meta),
      url: `${API_BASE}${pathOf(API.fileSigned, { key: meta.id })}?${grantQuery(o.urlKey, grant)}`,
      expiresAt: expires,
    });
  });

  // The presigned link: a browser navigation (no CSRF header), valid only with the cookie of the session
  // that asked for it (server/files/signedUrl.ts). With object storage it answers a redirect to the
  // store's own URL, signed there and then for STORE_REDIRECT_SECONDS: the browser follows it at once, and
  // nobody else ever sees it (useOss: the bytes still come straight from the store).
  route<{ Params: { key: string }; Querystring: Query }>(app, API.fileSigned, async (req, reply) => {
    const q = req.query;
    const grant = {
      fileId: req.params.key,
      type: first(q.type) ?? '',
      attachment: first(q.attachment) === '1',
      name: first(q.name) ?? '',
      expires: Number(first(q.expires)),
      session: req.session?.idHash ?? '',
    };
    if (!verifyGrant(o.urlKey, grant, first(q.sig) ?? '', o.now().getTime()))
      throw new ApiError('FILE_LINK_INVALID');
    const meta = await findFile(o.db, grant.fileId);
    if (!meta) throw new ApiError('FILE_NOT_FOUND');
    const type = isThumbnailType(grant.type) ? grant.type : 'ORIGINAL';
    const kind = grant.attachment ? 'attachment' : 'inline';
    if (fromStore(meta)) {
      if (hasOwnRendition(meta.ext, type)) await renditionBytes(meta, type);
      const url = await o.storage.presign!(renditionKey(meta.storageKey, type), {
        seconds: STORE_REDIRECT_SECONDS,
        signedAt: o.now(),
        contentType: meta.mime,
        contentDisposition: disposition(kind, grant.name || meta.name),
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(url, 302);
    }
    return send(reply, meta, await renditionBytes(meta, type), kind, grant.name || meta.name);
  });

  route<{ Params: { key: string }; Querystring: Query }>(app, API.fileDelete, async (req) => {
    const actor = actorOf(req);
    await visibleFile(actor, req.params.key);
    await removeStored(
      await o.engine.detachFile(actor, req.params.key, { version: first(req.query.version) }),
    );
    return ok(null);
  });
}
