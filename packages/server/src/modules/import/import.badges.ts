/**
 * Badges.xml of a Stack Exchange dump (Id, UserId, Name, Date, Class, TagBased) -> `badge_awards` of the users this
 * run creates, keeping the date the badge was earned. Stack Exchange badges that mean the same as a Quorum badge
 * earned once (modules/badge badge.data.ts) are mapped by name; per-post badges (Nice Answer, Popular Question ...)
 * are not copied because the dump does not say which post earned them: the badge recount that ends every import
 * awards them from the imported scores and views by Quorum's own rules. Everything else is skipped with its reason.
 * Awards carry no notification (they are history, not news).
 */
import type { ImportRepository, NewBadgeAward } from './import.repository.js';
import { Reason } from './import.report.js';
import { BATCH, type ImportPlan } from './import.plan.js';
import { dumpDate, readDumpRows, type DumpRow } from './stackexchange.js';

const FILE = 'Badges.xml';

/** Stack Exchange badge name -> Quorum badge id (badges earned once, same meaning). */
const SAME_BADGE: Record<string, string> = {
  Autobiographer: '1',
  Student: '2',
  Teacher: '3',
  Scholar: '5',
  Supporter: '6',
  Critic: '7',
  'Civic Duty': '8',
  Commentator: '9',
  Pundit: '10',
  Editor: '11',
  'Copy Editor': '12',
  Enthusiast: '13',
  Fanatic: '14',
};

/** Per-post Stack Exchange badges that Quorum's own rules award again from the imported posts. */
const PER_POST = new Set(['Nice Question', 'Good Question', 'Great Question', 'Nice Answer', 'Good Answer', 'Great Answer', 'Popular Question', 'Notable Question', 'Famous Question']);

type BadgeDecision = { badge: string; user: string } | { skip: string };

/** What a Badges.xml row becomes. */
export function classifyBadge(plan: ImportPlan, row: DumpRow): BadgeDecision {
  const user = row.UserId ?? '';
  const name = (row.Name ?? '').trim();
  if (!user || !plan.hasUser(user)) return { skip: Reason.userAbsent };
  if (!plan.newUsers.has(user)) return { skip: Reason.earlier };
  if (row.TagBased === 'True' || row.TagBased === 'true') return { skip: 'tag badge (Quorum has no tag badges)' };
  if (PER_POST.has(name)) return { skip: "per-post badge (awarded again from the imported posts by Quorum's rules)" };
  const badge = SAME_BADGE[name];
  if (!badge) return { skip: 'no matching Quorum badge' };
  return { badge, user };
}

/** Check pass over Badges.xml. */
export async function planBadges(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open(FILE);
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const c = classifyBadge(plan, row);
      if ('skip' in c) plan.report.skip(FILE, c.skip);
      else {
        plan.report.imported(FILE);
        plan.extra.notification.count++;
      }
    }
  }
}

/** Writes the mapped awards (a badge held twice keeps its first award). */
export async function writeBadges(w: ImportRepository, plan: ImportPlan, file: string, progress: (n: number) => void): Promise<void> {
  for await (const rows of readDumpRows(file, BATCH)) {
    const awards: NewBadgeAward[] = [];
    for (const row of rows) {
      const c = classifyBadge(plan, row);
      if ('skip' in c) continue;
      // Award ids come from the notification sequence, as awards made on the site do (modules/badge).
      awards.push({ id: plan.takeId('notification'), user_id: plan.userId(c.user), badge_id: c.badge, award_key: '', created_at: dumpDate(row.Date) });
    }
    await w.insertIgnoring('badge_awards', awards);
    progress(rows.length);
  }
}
