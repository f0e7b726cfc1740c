/**
 * Who may receive notification and digest e-mails, in which language, and the links every such mail carries
 * (issue "E-mail per notification type": no mail to inactive, suspended or deleted accounts; links built from
 * the site URL; a one-click unsubscribe link that works without logging in).
 */
import { LANGUAGES, MailStatus, UserStatus } from '@quorum/contract';
import type { Db } from '../../core/db/index.js';
import type { SiteSettings } from '../siteinfo/index.js';
import { isSuspended, unsubscribeToken, type UnsubscribeScope, type UserRow } from '../user/index.js';

/** Path of the one-click unsubscribe call (RFC 8058: POST `List-Unsubscribe=One-Click`), under the site URL. */
export const ONE_CLICK_PATH = '/answer/api/v1/notification/mail/unsubscribe';

/**
 * True when a member can be mailed: e-mail confirmed, status normal (not suspended, not deleted), a real
 * account (not an import placeholder) with an address.
 */
export function mailable(user: UserRow | undefined, now: number): user is UserRow {
  if (!user || !user.e_mail || user.is_placeholder === 1) return false;
  if (user.mail_status !== MailStatus.activated || user.status !== UserStatus.normal) return false;
  return !isSuspended(user, now);
}

/** The member's language when it is one of ours, else the site's interface language. */
export function recipientLanguage(user: Pick<UserRow, 'language'>, site: SiteSettings): string {
  const own = LANGUAGES.find((l) => l.value === user.language);
  return own ? own.value : site.interface.language || 'en_US';
}

/** The site URL without a trailing slash. */
export const siteBase = (site: SiteSettings): string => site.general.site_url.replace(/\/+$/, '');

/** Unsubscribe links and headers of one mail. */
export interface UnsubscribeLinks {
  /** The web page that confirms (spec route `/users/unsubscribe?code=`), for the mail's body. */
  pageUrl: string;
  settingsUrl: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058). */
  headers: Record<string, string>;
}

/** Builds the unsubscribe links of a member for the option that sends the mail. */
export async function unsubscribeLinks(db: Db, site: SiteSettings, userId: string, scope: UnsubscribeScope): Promise<UnsubscribeLinks> {
  const code = encodeURIComponent(await unsubscribeToken(db, userId, scope));
  const base = siteBase(site);
  return {
    pageUrl: `${base}/users/unsubscribe?code=${code}`,
    settingsUrl: `${base}/users/settings/notify`,
    headers: { 'List-Unsubscribe': `<${base}${ONE_CLICK_PATH}?code=${code}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
