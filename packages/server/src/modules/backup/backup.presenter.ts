/** Backup shapes on the wire (admin calls). */
import type { backupOverview } from './backup.admin.js';
import type { BackupSummary } from './backup.service.js';

/** GET /admin/api/backups: `{backups: [{name, size (bytes), created_at (unix s)}], running, last_error, schedule: {daily, keep}, runs}`. */
export function presentOverview(o: Awaited<ReturnType<typeof backupOverview>>) {
  return {
    backups: o.backups.map((b) => ({ name: b.name, size: b.size, created_at: b.created_at, scheduled: b.name.includes('-scheduled') })),
    running: o.running,
    last_error: o.last_error,
    schedule: { daily: o.schedule.daily, keep: o.schedule.keep },
    runs: o.runs.map((r) => ({ day: r.day, started_at: r.started_at, finished_at: r.finished_at, file: r.file, error: r.error })),
  };
}

/** A finished restore: `{schema, rows, files, tables: [{name, rows}]}`. */
export function presentSummary(s: BackupSummary) {
  return { schema: s.schema, rows: s.rows, files: s.files, tables: s.tables.map((t) => ({ name: t.name, rows: t.rows })) };
}
