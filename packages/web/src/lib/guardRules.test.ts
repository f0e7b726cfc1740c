import { describe, expect, it } from 'vitest';
import { guardResult, privateSiteRedirect, type GuardState } from './guardRules';

const active = { mail_status: 1, status: 'normal', role_id: 1 };
const inactive = { ...active, mail_status: 2 };
const suspended = { ...active, status: 'suspended' };
const admin = { ...active, role_id: 2, is_admin: true };
const state = (user: GuardState['user'], over: Partial<GuardState> = {}): GuardState => ({ user, registrationOpen: true, suspensionKnown: false, ...over });
const login = { kind: 'redirect', to: '/users/login', remember: true };
const home = { kind: 'redirect', to: '/', remember: false };

describe('guardResult (spec §4 guard results)', () => {
  it('sends anonymous visitors of member pages to login, remembering where they were', () => {
    for (const need of ['loggedIn', 'activated', 'admin', 'activatedOnly', 'notActivated'] as const) expect(guardResult(need, state(null))).toEqual(login);
  });

  it('sends not-activated users to the inactive page and suspended users to the suspended page', () => {
    expect(guardResult('activated', state(inactive))).toEqual({ kind: 'redirect', to: '/users/login?status=inactive', remember: false });
    expect(guardResult('activated', state(suspended))).toEqual({ kind: 'redirect', to: '/users/account-suspended', remember: false });
    expect(guardResult('loggedIn', state(suspended))).toMatchObject({ to: '/users/account-suspended' });
    expect(guardResult('loggedIn', state(inactive))).toEqual({ kind: 'pass' });
    expect(guardResult('activated', state(active))).toEqual({ kind: 'pass' });
  });

  it('sends logged-in users away from not-logged-in pages; the login page keeps not-activated users', () => {
    expect(guardResult('notLoggedIn', state(active))).toEqual(home);
    expect(guardResult('notLoggedIn', state(null))).toEqual({ kind: 'pass' });
    expect(guardResult('loginPage', state(active))).toEqual(home);
    expect(guardResult('loginPage', state(inactive))).toEqual({ kind: 'pass' });
  });

  it('closes sign-up when registrations are off', () => {
    expect(guardResult('registration', state(null, { registrationOpen: false }))).toEqual(home);
    expect(guardResult('registration', state(null))).toEqual({ kind: 'pass' });
    expect(guardResult('registration', state(active))).toEqual(home);
  });

  it('gives non-admins the 403 page in admin', () => {
    expect(guardResult('admin', state(active))).toEqual({ kind: 'error', code: 403 });
    expect(guardResult('admin', state({ ...active, role_id: 3 }))).toEqual({ kind: 'error', code: 403 });
    expect(guardResult('admin', state(admin))).toEqual({ kind: 'pass' });
    expect(guardResult('staff', state(active))).toEqual({ kind: 'error', code: 403 });
    expect(guardResult('staff', state({ ...active, role_id: 3 }))).toEqual({ kind: 'pass' });
  });

  it('handles the logout, activation and suspended pages', () => {
    expect(guardResult('logout', state(null))).toEqual(home);
    expect(guardResult('logout', state(active))).toEqual({ kind: 'pass' });
    expect(guardResult('activatedOnly', state(inactive))).toMatchObject({ to: '/users/login?status=inactive' });
    expect(guardResult('activatedOnly', state(active))).toEqual({ kind: 'pass' });
    expect(guardResult('notActivated', state(active))).toEqual(home);
    expect(guardResult('notActivated', state(inactive))).toEqual({ kind: 'pass' });
    expect(guardResult('suspended', state(suspended))).toEqual({ kind: 'pass' });
    expect(guardResult('suspended', state(null, { suspensionKnown: true }))).toEqual({ kind: 'pass' });
    expect(guardResult('suspended', state(null))).toEqual(home);
    expect(guardResult('suspended', state(active, { suspensionKnown: true }))).toEqual(home);
  });

  it('private site: everything but the auth pages needs a login', () => {
    expect(privateSiteRedirect(true, false, false)).toEqual(login);
    expect(privateSiteRedirect(true, false, true)).toEqual({ kind: 'pass' });
    expect(privateSiteRedirect(true, true, false)).toEqual({ kind: 'pass' });
    expect(privateSiteRedirect(false, false, false)).toEqual({ kind: 'pass' });
  });
});
