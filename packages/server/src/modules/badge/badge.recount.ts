/**
 * The bulk badge recount that ends an import (issue 15): the same rules and the same candidate queries as the
 * per-award recount in badge.rules.ts (`recountBadges`), but each badge's new awards are written as multi-row
 * inserts under ids reserved in one block, with no per-award transaction and no notification. The awards an
 * import finds are history (a Stack Exchange member's Nice Answer of 2014), not news: imported members get no
 * flood of achievement notifications, as the copied Badges.xml awards get none (modules/import import.badges.ts).
 * Awards show on profiles, badge pages and award counts exactly as the per-award path's do. Live activity keeps
 * the per-event path (badge.rules.ts `onDomainEvent`), which notifies.
 */
import { formatId, type Db, type IdGenerator } from '../../core/db/index.js';
import { nowSeconds } from '../../core/context.js';
import { BADGES } from './badge.data.js';
import * as repo from './badge.repository.js';

/**
 * Awards every active badge its holders have earned from the stored data, in bulk and without notifications.
 * Held awards are skipped and the unique (user, badge, award key) refuses duplicates, so re-running awards
 * nothing twice. The consecutive-days badge is not recounted (visits are not imported), as in `recountBadges`.
 * @returns the number of new awards
 */
export async function recountBadgesBulk(db: Db, ids: IdGenerator, now = nowSeconds()): Promise<number> {
  const status = await repo.statusRows(db);
  let added = 0;
  for (const d of BADGES) {
    if (status.get(d.id) === 'inactive') continue;
    const held = await repo.holders(db, d.id);
    let due: { user_id: string; award_key: string }[];
    if (d.rule.kind === 'user') {
      if (d.rule.metric === 'consecutive_days') continue;
      due = (await repo.usersReaching(db, d.rule.metric, d.rule.min)).map((u) => ({ user_id: u, award_key: '' }));
    } else {
      const posts = await repo.postsReaching(db, d.rule.kind, d.rule.kind === 'score' ? d.rule.objectType : 'question', d.rule.min);
      due = posts.map((p) => ({ user_id: p.user_id, award_key: p.id }));
    }
    due = due.filter((a) => !held.has(`${a.user_id}:${a.award_key}`));
    if (!due.length) continue;
    // Award ids come from the notification sequence, as per-award ones do; one reservation for the whole badge.
    const first = await ids.reserve('notification', due.length);
    added += await repo.insertAwards(db, due.map((a, i) => ({ id: formatId('notification', first + i), user_id: a.user_id, badge_id: d.id, award_key: a.award_key, created_at: now })));
  }
  return added;
}
