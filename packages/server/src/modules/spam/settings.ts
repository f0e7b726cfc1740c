/**
 * The spam section of the site settings (contract schemas/spam.ts), read through modules/siteinfo's coherent
 * settings cache with defaults filled in; a stored value that is not a whole non-negative number falls back to
 * its default.
 */
import { SPAM_LIMIT_DEFAULTS, type SiteSpamSettings, type SpamLimitName } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { getSettings } from '../siteinfo/index.js';

/** The spam section as the rules use it. */
export async function spamSettings(ctx: AppContext): Promise<SiteSpamSettings> {
  const stored = (await getSettings(ctx)).site_spam;
  const out = { ...stored };
  for (const k of Object.keys(SPAM_LIMIT_DEFAULTS) as SpamLimitName[]) {
    const v = stored[k];
    out[k] = Number.isInteger(v) && v >= 0 ? v : SPAM_LIMIT_DEFAULTS[k];
  }
  return out;
}
