/**
 * Admin backup calls (admins only):
 * - GET  /answer/admin/api/backups                      the backups with size and time, the one running, the schedule
 * - POST /answer/admin/api/backups                      starts a backup (answers at once with its file name)
 * - GET  /answer/admin/api/backups/download?name=       the file, as an attachment
 * - POST /answer/admin/api/backups/restore              {name, confirm}: restores it; `confirm` is the site name typed
 * - PUT  /answer/admin/api/backups/schedule             {daily, keep}: the daily backup and how many are kept
 * and, on the root app, the hold that answers 503 to every request while a restore runs (backup.hold.ts).
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../core/auth/index.js';
import { ok, parse } from '../../core/http.js';
import { backupOverview, backupPath, restoreFromAdmin, saveSchedule, startBackup } from './backup.admin.js';
import { presentOverview, presentSummary } from './backup.presenter.js';
import { installRestoreHold } from './backup.hold.js';

const NameQuery = z.object({ name: z.string().min(1).max(100) });
const RestoreReq = z.object({ name: z.string().min(1).max(100), confirm: z.string().max(200) });
const ScheduleReq = z.object({ daily: z.boolean(), keep: z.number().int().min(1).max(365) });

/**
 * Fastify plugin registering the calls listed in this file's header. Not encapsulated (as fastify-plugin makes a
 * plugin): the restore hold's hook belongs to the root app, so that it holds every route.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  installRestoreHold(app);

  app.get('/answer/admin/api/backups', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, presentOverview(await backupOverview(ctx)));
  });

  app.post('/answer/admin/api/backups', async (req) => {
    await requireAdmin(ctx, req);
    const { name } = startBackup(ctx);
    return ok(req, { name });
  });

  app.get('/answer/admin/api/backups/download', async (req, reply) => {
    await requireAdmin(ctx, req);
    const { name } = parse(NameQuery, req.query);
    const file = backupPath(ctx, name);
    reply.header('content-type', 'application/gzip').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
    return reply.send(createReadStream(file));
  });

  app.post('/answer/admin/api/backups/restore', async (req) => {
    await requireAdmin(ctx, req);
    const input = parse(RestoreReq, req.body);
    return ok(req, presentSummary(await restoreFromAdmin(ctx, input.name, input.confirm)));
  });

  app.put('/answer/admin/api/backups/schedule', async (req) => {
    await requireAdmin(ctx, req);
    await saveSchedule(ctx, parse(ScheduleReq, req.body));
    return ok(req, null);
  });
}
(backupRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
