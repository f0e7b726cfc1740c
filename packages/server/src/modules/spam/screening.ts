/**
 * Sign-up screening by e-mail domain (issue "spam and abuse defence" item 6; Answer has only an allow list, its
 * login setting `allow_email_domains`, which Quorum keeps in the login section, modules/user). Here: the spam
 * section's block list (`blocked_email_domains`) and, while `block_disposable_emails` is on, its list of
 * disposable domains (`disposable_email_domains`, by default data/disposable-email-domains.txt). A listed domain
 * refuses its subdomains too (`mx.mailinator.com` under `mailinator.com`). Applied wherever an address enters:
 * registration, e-mail change and sign-in through a connector (modules/user assertEmailDomainAllowed).
 */
import type { AppContext } from '../../core/context.js';
import { fieldError } from '../../core/errors.js';
import { spamSettings } from './settings.js';

/** Whether `domain` is one of `list` or below one of them. */
export function domainListed(domain: string, list: readonly string[]): boolean {
  const d = domain.toLowerCase().replace(/\.$/, '');
  return list.some((entry) => d === entry || d.endsWith(`.${entry}`));
}

/**
 * Refuses an address whose domain is blocked or disposable.
 * @param email the address as typed (the domain is its part after the last '@')
 * @throws 400 field error `e_mail`: `error.email.domain_blocked` or `error.email.disposable`
 */
export async function assertEmailScreened(ctx: AppContext, email: string): Promise<void> {
  const domain = email.split('@').pop()!.trim();
  const s = await spamSettings(ctx);
  if (domainListed(domain, s.blocked_email_domains)) throw fieldError('e_mail', 'error.email.domain_blocked');
  if (s.block_disposable_emails && domainListed(domain, s.disposable_email_domains)) throw fieldError('e_mail', 'error.email.disposable');
}
