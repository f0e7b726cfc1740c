/**
 * POST /file (multipart: `source`, `file`) and the static serving of `/uploads/*`. Uploaded names are random
 * and never reused, so they are served as immutable for a year; `nosniff` and a CSP that allows nothing keep a
 * browser from treating an upload as a page.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { FileUploadFields, LIMITS } from '@quorum/contract';
import { fieldError } from '../../core/errors.js';
import { ok, parse } from '../../core/http.js';
import { requireActiveUser } from '../../core/auth/index.js';
import { storeUpload, uploadsDir, UPLOADS_PREFIX } from './file.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const root = uploadsDir(ctx.dataDir);
  mkdirSync(root, { recursive: true });

  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 } });

  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-site');
    },
  });

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
