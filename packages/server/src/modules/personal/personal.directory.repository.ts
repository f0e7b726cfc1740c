/**
 * Reads behind the member directory (GET /user/directory, personal.directory.ts) and the user ranking's filter:
 * which members are listed, one page of them in an order, and the votes and edits of the members of a page.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { MailStatus, Role, UserStatus, type DirectorySort } from '@quorum/contract';
import { foldCase, type Db } from '../../core/db/index.js';
import type { Database } from '../../core/db/schema.js';
import type { UserRow } from '../../core/auth/index.js';

/** What one directory page asks for: the order, a name prefix ('' for everyone), rows to skip and to return. */
export interface DirectoryFilter {
  sort: DirectorySort;
  /** A prefix of the username or the display name, matched case-insensitively; '' matches everyone. */
  prefix: string;
  offset: number;
  limit: number;
  /** Unix seconds: suspensions that ended before it no longer hide a member. */
  now: number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The members shown in public lists (the directory and the ranking): activated, and neither deleted, nor waiting
 * for approval, nor suspended (a suspension counts while `suspended_until` is null, 0 or in the future, as
 * core/auth `isSuspended` says). Imported placeholder members are members like any other.
 */
export function listedMember(eb: ExpressionBuilder<Database, 'users'>, now: number): Expression<SqlBool> {
  return eb.and([
    eb('users.mail_status', '=', MailStatus.activated),
    eb.or([eb('users.status', '=', UserStatus.normal), eb.and([eb('users.status', '=', UserStatus.suspended), eb('users.suspended_until', '>', 0), eb('users.suspended_until', '<=', now)])]),
  ]);
}

/**
 * One page of listed members in the filter's order, and how many match (the same for every order but
 * `moderators`, which keeps admins and moderators only). Ties go to the newer member (higher id). Orders:
 * `reputation` (users_rank_idx), `newest` (creation, users_created_idx), `voters` (votes cast, then reputation;
 * votes_user_time_idx), `editors` (edits made: 'edited' timeline rows not cancelled, then reputation; migration
 * 028), `moderators` (reputation). Three engines: the name match folds case in every script (core/db `foldCase`).
 */
export async function directoryPage(db: Db, f: DirectoryFilter): Promise<{ count: number; rows: UserRow[] }> {
  let base = db.kysely.selectFrom('users').where((eb) => listedMember(eb, f.now));
  if (f.sort === 'moderators') base = base.where('users.role_id', 'in', [Role.admin, Role.moderator]);
  if (f.prefix) {
    const like = `${escapeLike(f.prefix.toLowerCase())}%`;
    const folded = foldCase(db.dialect, 'users.display_name');
    base = base.where((eb) => eb.or([sql<SqlBool>`${sql.ref('users.username')} like ${like} escape ${'\\'}`, sql<SqlBool>`${folded} like ${like} escape ${'\\'}`]));
  }
  const counted = base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let page;
  if (f.sort === 'voters' || f.sort === 'editors') {
    const tally =
      f.sort === 'voters'
        ? db.kysely.selectFrom('votes').select(['votes.user_id as user_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('votes.user_id')
        : db.kysely
            .selectFrom('activity')
            .select(['activity.user_id as user_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('activity.activity_type', '=', 'edited')
            .where('activity.cancelled', '=', 0)
            .groupBy('activity.user_id');
    page = base
      .leftJoin(tally.as('tally'), 'tally.user_id', 'users.id')
      .selectAll('users')
      .orderBy(sql`coalesce(${sql.ref('tally.n')}, 0)`, 'desc')
      .orderBy('users.rank', 'desc');
  } else {
    page = base.selectAll('users');
    if (f.sort === 'newest') page = page.orderBy('users.created_at', 'desc');
    else page = page.orderBy('users.rank', 'desc');
  }
  const [rows, c] = await Promise.all([page.orderBy('users.id', 'desc').limit(f.limit).offset(f.offset).execute(), counted]);
  return { count: Number(c.n), rows };
}

/** Votes cast and edits made (not cancelled) by each of `ids`; members with none are absent from the maps. */
export async function memberTallies(db: Db, ids: string[]): Promise<{ votes: Map<string, number>; edits: Map<string, number> }> {
  if (!ids.length) return { votes: new Map(), edits: new Map() };
  const [votes, edits] = await Promise.all([
    db.kysely.selectFrom('votes').select(['user_id', (eb) => eb.fn.countAll<number>().as('n')]).where('user_id', 'in', ids).groupBy('user_id').execute(),
    db.kysely
      .selectFrom('activity')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('activity_type', '=', 'edited')
      .where('cancelled', '=', 0)
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute(),
  ]);
  const map = (rows: { user_id: string; n: number }[]) => new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  return { votes: map(votes), edits: map(edits) };
}
