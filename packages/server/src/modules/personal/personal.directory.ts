/**
 * GET /user/directory (Quorum, not in Answer): every listed member of the site, a page at a time, by reputation,
 * newest, votes cast, edits made or the staff alone, optionally those whose username or display name starts with
 * a given text. The /users page (spec §2 "user list") shows it; Answer's own client keeps reading GET /user/ranking.
 * Who is listed: personal.directory.repository.ts `listedMember` (no suspended, deleted, pending or not activated
 * members; imported placeholder members like anyone).
 */
import { MailStatus, UserStatus, type DirectoryMember, type UserDirectoryQuery } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { isSuspended, type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import { directoryPage, memberTallies } from './personal.directory.repository.js';

/** One member of a directory page (the wire shape). `role_id`: 1 member, 2 admin, 3 moderator. */
export type { DirectoryMember };

/**
 * True when public lists show `u` (the rule of personal.directory.repository.ts `listedMember`, for rows already
 * read): activated, and neither deleted, nor waiting for approval, nor suspended at `now` (unix seconds).
 */
export function isListed(u: Pick<UserRow, 'status' | 'mail_status' | 'suspended_until'>, now: number): boolean {
  if (u.mail_status !== MailStatus.activated || isSuspended(u, now)) return false;
  return u.status === UserStatus.normal || u.status === UserStatus.suspended;
}

/**
 * One page of the directory: `{count, list}` (Answer's paged shape), `count` the members matching `sort`'s set and
 * `q`. Three or four queries: the page, the count, and the page's votes and edits.
 */
export async function userDirectory(ctx: AppContext, q: UserDirectoryQuery): Promise<{ count: number; list: DirectoryMember[] }> {
  const db = requireDb(ctx);
  const { count, rows } = await directoryPage(db, { sort: q.sort, prefix: q.q, offset: (q.page - 1) * q.page_size, limit: q.page_size, now: nowSeconds() });
  const { votes, edits } = await memberTallies(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((u): DirectoryMember => {
    const b = presentBasicUser(u);
    return {
      id: u.id,
      username: u.username,
      display_name: String(b.display_name),
      avatar: String(b.avatar),
      rank: u.rank,
      location: u.location ?? '',
      role_id: u.role_id,
      created_at: u.created_at,
      vote_count: votes.get(u.id) ?? 0,
      edit_count: edits.get(u.id) ?? 0,
    };
  });
  return { count, list };
}
