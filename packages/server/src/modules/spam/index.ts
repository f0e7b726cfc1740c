/**
 * Spam and abuse defence: limits for new members (limits.ts) and sign-up screening by e-mail domain
 * (screening.ts), both set in the spam section of the site settings (contract schemas/spam.ts).
 */
export { checkPostLimits, checkEditLimits, checkFlagLimit, isNewMember, ESTABLISHED_POST_RATE_LIMITS } from './limits.js';
export { assertEmailScreened, domainListed } from './screening.js';
export { spamSettings } from './settings.js';
export { DEFAULT_DISPOSABLE_DOMAINS } from './disposable.js';
