/** The `admin_audit` table (migration 006): one row per admin action, read newest first. */
import type { Db } from '../../core/db/index.js';

export interface AuditRow {
  id: string;
  operator_id: string;
  action: string;
  target_type: string;
  target_id: string;
  changes: string;
  created_at: number;
  operator_username: string | null;
  operator_display_name: string | null;
}

/** Inserts one audit row. */
export async function insertAudit(db: Db, row: { id: string; operator_id: string; action: string; target_type: string; target_id: string; changes: string; created_at: number }): Promise<void> {
  await db.kysely.insertInto('admin_audit').values(row).execute();
}

/**
 * The newest `limit` rows, optionally for one target, with the operator's names.
 * @param target only rows about this `{type, id}` when given
 */
export async function recentAudit(db: Db, limit: number, target?: { type: string; id: string }): Promise<AuditRow[]> {
  let q = db.kysely
    .selectFrom('admin_audit as a')
    .leftJoin('users as u', 'u.id', 'a.operator_id')
    .select(['a.id', 'a.operator_id', 'a.action', 'a.target_type', 'a.target_id', 'a.changes', 'a.created_at', 'u.username as operator_username', 'u.display_name as operator_display_name']);
  if (target) q = q.where('a.target_type', '=', target.type).where('a.target_id', '=', target.id);
  const rows = await q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

/** True when at least one row of `action` was recorded. */
export async function hasAuditAction(db: Db, action: string): Promise<boolean> {
  const row = await db.kysely.selectFrom('admin_audit').select('id').where('action', '=', action).limit(1).executeTakeFirst();
  return !!row;
}
