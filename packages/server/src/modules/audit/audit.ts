/**
 * The admin audit log: settings writes and user and content actions, recorded with who did it, when and what
 * changed (issue "Bad input and safety"), shown on the dashboard and the user detail page.
 */
import { randomBytes } from 'node:crypto';
import type { AdminAuditEntry } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import type { UserRow } from '../../core/auth/index.js';
import { insertAudit, recentAudit, type AuditRow } from './audit.repository.js';

/** Longest recorded text value; longer ones (legal texts, custom CSS) are cut with an ellipsis. */
const MAX_VALUE = 200;

export interface AdminAction {
  /** e.g. `settings.general`, `user.status`, `question.status` */
  action: string;
  targetType: AdminAuditEntry['target_type'];
  targetId: string;
  changes: Record<string, unknown>;
}

function clip(v: unknown): unknown {
  if (typeof v === 'string' && v.length > MAX_VALUE) return `${v.slice(0, MAX_VALUE)}…`;
  if (Array.isArray(v) || (v && typeof v === 'object')) {
    const json = JSON.stringify(v);
    return json.length > MAX_VALUE ? `${json.slice(0, MAX_VALUE)}…` : v;
  }
  return v;
}

/**
 * The fields whose value differs between two versions of a settings section.
 * @returns `{field: [before, after]}` with long values clipped to 200 characters; empty when nothing changed
 */
export function settingsDiff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = [clip(before[key]), clip(after[key])];
  }
  return out;
}

/** Records one action by `operator` (after the change succeeded). */
export async function recordAdminAction(ctx: AppContext, operator: UserRow, a: AdminAction): Promise<void> {
  await insertAudit(requireDb(ctx), {
    // Time-ordered (milliseconds, then random) so rows of one second still list newest first.
    id: `${String(Date.now()).padStart(13, '0')}${randomBytes(6).toString('hex')}`,
    operator_id: operator.id,
    action: a.action,
    target_type: a.targetType,
    target_id: a.targetId,
    changes: JSON.stringify(a.changes),
    created_at: nowSeconds(),
  });
}

function present(r: AuditRow): AdminAuditEntry {
  let changes: Record<string, unknown> = {};
  try {
    changes = JSON.parse(r.changes) as Record<string, unknown>;
  } catch {
    // a hand-edited row shows without details
  }
  return {
    id: r.id,
    created_at: r.created_at,
    action: r.action,
    target_type: r.target_type as AdminAuditEntry['target_type'],
    target_id: r.target_id,
    changes,
    operator: { user_id: r.operator_id, username: r.operator_username ?? '', display_name: r.operator_display_name || r.operator_username || '' },
  };
}

/**
 * The newest recorded actions, for the dashboard (all) or a user's detail page (`target`).
 * @param limit at most this many, newest first
 */
export async function recentAdminActions(ctx: AppContext, limit: number, target?: { type: AdminAuditEntry['target_type']; id: string }): Promise<AdminAuditEntry[]> {
  return (await recentAudit(requireDb(ctx), limit, target)).map(present);
}
