/**
 * `POST /answer/api/v1/csp-report`: where browsers report Content-Security-Policy violations (core/csp.ts).
 * Accepts the legacy `application/csp-report` body and the Reporting API's `application/reports+json` list,
 * logs each at `warn` with the fields that say what was blocked where, and answers 204. Abuse is bounded three
 * ways: a 16 KB body limit, a per-IP rate limit, and a per-process cap on logged reports per minute (the rest
 * are counted and summarized in one line), so a flood cannot fill the log.
 */
import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from '../../core/csp.js';

/** Reports logged per minute by one process; beyond it they are only counted. */
export const CSP_LOG_PER_MINUTE = 60;
const BODY_LIMIT = 16 * 1024;
const FIELDS = ['document-uri', 'documentURL', 'violated-directive', 'effectiveDirective', 'effective-directive', 'blocked-uri', 'blockedURL', 'source-file', 'sourceFile', 'line-number', 'lineNumber', 'disposition'];

/** The fields worth logging from one report body (legacy or Reporting API shape); strings cut to 300 chars. */
function summarize(report: unknown): Record<string, unknown> {
  const r = (report && typeof report === 'object' ? report : {}) as Record<string, unknown>;
  const inner = (r['csp-report'] ?? r.body ?? r) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = inner?.[f];
    if (typeof v === 'string') out[f] = v.slice(0, 300);
    else if (typeof v === 'number') out[f] = v;
  }
  return out;
}

/** Fastify plugin registering the call listed in this file's header. */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null);
      }
    });
  }
  let windowStart = Date.now();
  let logged = 0;
  let dropped = 0;

  app.post(CSP_REPORT_PATH, { bodyLimit: BODY_LIMIT, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (req, reply) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      if (dropped) req.log.warn({ dropped }, 'csp violation reports not logged in the last minute (cap reached)');
      windowStart = now;
      logged = 0;
      dropped = 0;
    }
    const reports = Array.isArray(req.body) ? req.body.slice(0, 10) : [req.body];
    for (const report of reports) {
      if (logged < CSP_LOG_PER_MINUTE) {
        logged++;
        req.log.warn({ csp: summarize(report), ip: req.ip }, 'content security policy violation');
      } else dropped++;
    }
    return reply.code(204).send();
  });
}
