/**
 * Weighted flags (issue: flags weighted by the flagger's record). Each flag weighs what its flagger's record and
 * reputation say, fixed when it is filed (`reports.weight`, thousandths, migration 029):
 *
 *   accuracy = (helpful + 1) / (decided + 2)            over the flagger's last 100 decided flags
 *   weight   = 2 × accuracy × (1 + min(1, log10(max(reputation, 1)) / 4))
 *
 * A flag is decided when a moderator settled it: helpful when the moderator acted on it (FlagStatus.completed:
 * edit, close, delete, unlist, suspend), declined when the moderator ignored it (FlagStatus.ignored; see
 * report.service.ts `reviewReport`). The +1/+2 (Laplace's rule of succession) give a new flagger 0.5 and keep a
 * short record from swinging the weight to 0 or 2. Reputation adds up to double: 1 adds nothing, 100 half,
 * 10 000 and more the full double. So a new member's flag weighs 1.0, a member whose ten flags were all helpful
 * about 1.83 (3.67 with 10 000 reputation), one whose ten flags were all ignored about 0.17. A moderator's flag
 * weighs the hide threshold (the post is hidden at once; report.hide.ts), or 2.0 when hiding is off.
 * The post's flag score is the sum of the weights of its waiting flags (report.repository.ts `scoreOf`).
 */
import { FLAG_HIDE_WEIGHT_DEFAULT, FLAG_HIDE_WEIGHT_MAX } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { type UserRow } from '../../core/auth/index.js';
import { isModerator } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import * as repo from './report.repository.js';

/** Thousandths per unit of weight (`reports.weight` 1000 = 1.0). */
export const WEIGHT_UNIT = 1000;
/** How many of the flagger's latest decided flags make their record. */
export const RECORD_SIZE = 100;

/**
 * The weight of a flag from the flagger's record (see the module header), as a number (1.0 = a new member).
 * @param helpful decided flags the moderator acted on; @param decided all decided flags (at most RECORD_SIZE)
 */
export function weightOf(helpful: number, decided: number, reputation: number): number {
  const accuracy = (helpful + 1) / (decided + 2);
  const standing = Math.min(1, Math.log10(Math.max(reputation, 1)) / 4);
  return 2 * accuracy * (1 + standing);
}

/**
 * The hide threshold of the spam settings (`site_spam.flag_hide_weight`, contract schemas/spam.ts), as a number
 * of weight units; 0 = never hide. A stored value that is not a number in range falls back to the default.
 */
export async function hideThreshold(ctx: AppContext): Promise<number> {
  const v = (await getSettings(ctx)).site_spam?.flag_hide_weight;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= FLAG_HIDE_WEIGHT_MAX ? v : FLAG_HIDE_WEIGHT_DEFAULT;
}

/**
 * The weight of a flag `user` files now, in thousandths (`reports.weight`): a moderator's weighs the threshold
 * (`threshold`, weight units; when 0, as a fully trusted member: 2.0), anyone else's follows their record.
 */
export async function flagWeight(ctx: AppContext, user: UserRow, threshold: number): Promise<number> {
  if (isModerator(user)) return Math.round((threshold > 0 ? threshold : 2) * WEIGHT_UNIT);
  const statuses = await repo.decidedFlagStatuses(requireDb(ctx), user.id, RECORD_SIZE);
  const helpful = statuses.filter((s) => s === repo.HELPFUL).length;
  return Math.round(weightOf(helpful, statuses.length, Number(user.rank)) * WEIGHT_UNIT);
}
