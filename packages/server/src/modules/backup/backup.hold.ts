/**
 * No half-restored site is served by a running node either: while its data directory has a restore journal (a
 * restore runs, from this node's admin console, another worker's or `quorum restore`, or one was killed and not
 * yet undone; backup.journal.ts) every request answers 503 `base.maintenance` with Retry-After, API calls and
 * pages alike, administrators too (the database is being replaced under their sessions). The node notices a
 * journal within a second (one stat a second, not one per request; one per request only while held, so the hold
 * ends with the journal), and at once for a restore it runs itself.
 * Nodes with data directories of their own (several machines sharing PostgreSQL or MySQL) do not see it: stop
 * them for a restore (docs/OPERATIONS.md "Backups").
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { translate } from '../../core/i18n.js';
import { RETRY_AFTER_SECONDS } from '../maintenance/index.js';
import { restorePending } from './backup.journal.js';
import { normalisePath } from '../../core/requestpath.js';

/** Milliseconds between looks for a journal. */
const LOOK_MS = 1000;

const restoring = new WeakMap<AppContext, number>();

/**
 * Runs `fn` (a restore on this node) with the node's requests held from its first moment, not from the next look.
 * @returns what `fn` returns
 */
export async function holdWhile<T>(ctx: AppContext, fn: () => Promise<T>): Promise<T> {
  restoring.set(ctx, (restoring.get(ctx) ?? 0) + 1);
  try {
    return await fn();
  } finally {
    restoring.set(ctx, restoring.get(ctx)! - 1);
  }
}

/**
 * Installs the hold on the root app (this file's header): an onRequest hook and the look every second, stopped
 * when the app closes.
 */
export function installRestoreHold(app: FastifyInstance): void {
  const ctx = app.quorum;
  let journal = restorePending(ctx.dataDir);
  const timer = setInterval(() => {
    journal = restorePending(ctx.dataDir);
  }, LOOK_MS);
  timer.unref();
  ctx.onClose.push(() => clearInterval(timer));
  // A callback hook, not an async one: the usual case (nothing held) costs no promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    // While held, each request looks again: the hold ends with the journal, not up to a second later.
    if (journal) journal = restorePending(ctx.dataDir);
    if (!journal && !restoring.get(ctx)) return done();
    const msg = translate('base.maintenance', req.lang);
    reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
    const path = normalisePath(req.url);
    if (path.startsWith('/answer/') || path.startsWith('/installation/')) reply.send({ code: 503, reason: 'base.maintenance', msg, data: null });
    else reply.type('text/html; charset=utf-8').send(`<!doctype html><html><head><meta charset="utf-8"><title>503</title></head><body><p>${msg}</p></body></html>`);
  });
}
