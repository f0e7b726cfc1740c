/** Users as the admin users page sees them (Answer's GetUserPageResp). */
import { MailStatus, UserStatus } from '@quorum/contract';
import { isSilenced, isSuspended, type UserRow } from '../../core/auth/index.js';
import { avatarUrl } from '../user/index.js';

/** Admin status name: deleted, pending (sign-up awaiting approval), suspended, inactive (not activated) or normal. */
export function adminStatusName(row: UserRow): 'normal' | 'suspended' | 'deleted' | 'inactive' | 'pending' {
  if (row.status === UserStatus.deleted) return 'deleted';
  if (row.status === UserStatus.pending) return 'pending';
  if (isSuspended(row)) return 'suspended';
  if (row.mail_status !== MailStatus.activated) return 'inactive';
  return 'normal';
}

/** One row of GET /admin/api/users/page. */
export function presentAdminUser(row: UserRow, roleName: string): Record<string, unknown> {
  const status = adminStatusName(row);
  return {
    user_id: row.id,
    username: row.username,
    display_name: row.display_name || row.username,
    e_mail: row.e_mail,
    avatar: avatarUrl(row),
    rank: row.rank,
    role_id: row.role_id,
    role_name: roleName,
    status,
    created_at: row.created_at,
    deleted_at: status === 'deleted' ? row.updated_at : 0,
    suspended_at: status === 'suspended' ? row.updated_at : 0,
    suspended_until: status === 'suspended' ? row.suspended_until ?? 0 : 0,
    // Quorum's: a silence in force (modules/penalty): its end, 0 = forever; -1 when not silenced.
    silenced_until: isSilenced(row) ? Number(row.silenced_until) : -1,
  };
}
