/**
 * Route guards as pure rules (spec §4 "Derived login state", "Guard results"; §2 access column). app/guards.tsx
 * applies them; lib/guardRules.test.ts checks them.
 */
import { MailStatus, Role } from '@quorum/contract';

/** What a route needs. */
export type GuardNeed =
  /** any logged-in user (settings, notifications, timelines) */
  | 'loggedIn'
  /** a normal user: logged in, activated, not suspended (ask, edit) */
  | 'activated'
  /** not logged in (account recovery, user-center auth) */
  | 'notLoggedIn'
  /** the login page: not logged in, or logged in but not activated (it shows the inactive notice then) */
  | 'loginPage'
  /** sign-up: not logged in and registrations open */
  | 'registration'
  /** logged-in users only, others go home (logout) */
  | 'logout'
  /** the activation success page: activated users */
  | 'activatedOnly'
  /** the activation failed page: logged-in users who are not activated */
  | 'notActivated'
  /** the suspended page: suspended users, or someone just refused at login for a suspension */
  | 'suspended'
  /** moderators and administrators (tag creation, review) */
  | 'staff'
  /** administrators */
  | 'admin';

/** The login facts a guard looks at. */
export interface GuardState {
  /** a user is logged in (token and user loaded) */
  user: { mail_status: number; status: string; role_id: number; is_admin?: boolean } | null;
  /** siteinfo.login.allow_new_registrations (unknown counts as open) */
  registrationOpen: boolean;
  /** a suspension end time was remembered from a login refusal */
  suspensionKnown: boolean;
}

/** The outcome: show the page, go elsewhere (remembering the current address for after login), or an error page. */
export type GuardResult = { kind: 'pass' } | { kind: 'redirect'; to: string; remember: boolean } | { kind: 'error'; code: 403 };

export const LOGIN_PATH = '/users/login';
export const INACTIVE_PATH = '/users/login?status=inactive';
export const SUSPENDED_PATH = '/users/account-suspended';

const pass: GuardResult = { kind: 'pass' };
const home: GuardResult = { kind: 'redirect', to: '/', remember: false };
const toLogin: GuardResult = { kind: 'redirect', to: LOGIN_PATH, remember: true };

/** Spec §4 derived states. */
export const isActivatedUser = (u: GuardState['user']): boolean => !!u && u.mail_status === MailStatus.activated;
export const isSuspendedUser = (u: GuardState['user']): boolean => !!u && u.status === 'suspended';
export const isStaffUser = (u: GuardState['user']): boolean => isActivatedUser(u) && !isSuspendedUser(u) && (u!.role_id === Role.admin || u!.role_id === Role.moderator || !!u!.is_admin);
export const isAdminUser = (u: GuardState['user']): boolean => isActivatedUser(u) && !isSuspendedUser(u) && (u!.role_id === Role.admin || !!u!.is_admin);

/** Decides a guard; see {@link GuardNeed}. */
export function guardResult(need: GuardNeed, s: GuardState): GuardResult {
  const u = s.user;
  switch (need) {
    case 'loggedIn':
      if (!u) return toLogin;
      return isSuspendedUser(u) ? { kind: 'redirect', to: SUSPENDED_PATH, remember: false } : pass;
    case 'activated':
    case 'staff':
    case 'admin':
      if (!u) return toLogin;
      if (!isActivatedUser(u)) return { kind: 'redirect', to: INACTIVE_PATH, remember: false };
      if (isSuspendedUser(u)) return { kind: 'redirect', to: SUSPENDED_PATH, remember: false };
      if (need === 'admin' && !isAdminUser(u)) return { kind: 'error', code: 403 };
      return need === 'staff' && !isStaffUser(u) ? { kind: 'error', code: 403 } : pass;
    case 'notLoggedIn':
      return u ? home : pass;
    case 'loginPage':
      return u && isActivatedUser(u) ? home : pass;
    case 'registration':
      return u || !s.registrationOpen ? home : pass;
    case 'logout':
      return u ? pass : home;
    case 'activatedOnly':
      if (!u) return toLogin;
      return isActivatedUser(u) ? pass : { kind: 'redirect', to: INACTIVE_PATH, remember: false };
    case 'notActivated':
      if (!u) return toLogin;
      return isActivatedUser(u) ? home : pass;
    case 'suspended':
      return isSuspendedUser(u) || (!u && s.suspensionKnown) ? pass : home;
  }
}

/** Site-wide rule: on a private site an anonymous visitor may only see the auth pages. */
export function privateSiteRedirect(loginRequired: boolean, loggedIn: boolean, authPage: boolean): GuardResult {
  return loginRequired && !loggedIn && !authPage ? toLogin : pass;
}
