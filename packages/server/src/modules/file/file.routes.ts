/**
 * POST /file (multipart: `source`, `file`) and the serving of `/uploads/*` from the site's storage
 * (core/storage): files of the local uploads folder through @fastify/static, objects of an S3 bucket streamed
 * through the site at the same URLs, or, with a public base URL configured, a redirect to it. Uploaded names
 * are random and never reused, so they are served as immutable for a year; `nosniff` and a CSP that allows
 * nothing keep a browser from treating an upload as a page.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { FileUploadFields, LIMITS } from '@quorum/contract';
import { AppError, fieldError, notFound } from '../../core/errors.js';
import { contentTypeOf, isSafeKey, LocalStorage, uploadStorage, type UploadStorage } from '../../core/storage/index.js';
import { useStorageFor } from './file.branding.js';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { storeUpload, uploadsDir, UPLOADS_PREFIX } from './file.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const storage = uploadStorage(ctx);
  useStorageFor(uploadsDir(ctx.dataDir), storage);
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 } });
  if (storage instanceof LocalStorage) {
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders(reply) {
        uploadHeaders(reply);
      },
    });
  } else {
    app.get<{ Params: { '*': string } }>(`${UPLOADS_PREFIX}*`, async (req, reply) => serveObject(storage, req.params['*'], req.headers['if-none-match'], reply));
  }

  app.post('/answer/api/v1/file', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    if (!req.isMultipart()) throw fieldError('file', 'error.file.required');
    const fields: Record<string, string> = {};
    let data: Buffer | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || data) {
            part.file.resume();
            continue;
          }
          data = await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'error.file.too_large');
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw fieldError('file', 'error.file.required');
      // Anything else the form parser raises is the body's fault: cut off, no closing boundary, not form data.
      throw fieldError('file', 'error.file.malformed');
    }
    const { source } = parse(FileUploadFields, fields);
    if (!data || !data.length) throw fieldError('file', 'error.file.required');
    return ok(req, await storeUpload(ctx, user, { source, data }));
  });
}

/** Headers of every served upload: nothing in it may run or be sniffed as another type. */
function uploadHeaders(reply: { header(name: string, value: string): unknown }): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header('cross-origin-resource-policy', 'same-site');
}

/**
 * GET /uploads/<key> from a remote storage: a redirect to the public base URL when one is configured, else the
 * object streamed with its type, size and ETag (304 for a matching If-None-Match).
 * @throws 404 for an unsafe or missing key; 503 `error.file.storage_read_failed` when the storage fails
 */
async function serveObject(storage: UploadStorage, key: string, ifNoneMatch: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
  if (!isSafeKey(key)) throw notFound();
  const pub = storage.publicUrl(key);
  if (pub) return reply.header('cache-control', 'public, max-age=86400').redirect(pub, 302);
  let obj;
  try {
    obj = await storage.get(key);
  } catch (err) {
    reply.log.error({ err: (err as Error).message, key }, 'an upload could not be read from storage');
    throw new AppError(503, 'error.file.storage_read_failed');
  }
  if (!obj) throw notFound();
  uploadHeaders(reply);
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  if (obj.etag) reply.header('etag', obj.etag);
  if (obj.lastModified) reply.header('last-modified', obj.lastModified.toUTCString());
  if (obj.etag && ifNoneMatch === obj.etag) {
    obj.body.destroy();
    return reply.code(304).send();
  }
  reply.type(contentTypeOf(key));
  if (obj.size !== undefined) reply.header('content-length', obj.size);
  return reply.send(obj.body);
}
