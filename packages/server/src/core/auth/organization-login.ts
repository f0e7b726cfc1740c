/**
 * Organization logins (issue #38 item 6): the logins that come from the organization's identity system (LDAP,
 * SAML). Each such module registers how to tell whether it is on; the login policy asks `organizationLoginOn`
 * before limiting password login to administrators (login settings `password_login_admins_only`), so a site whose
 * directory login is switched off never locks its members out. Registration is static code (every node registers
 * the same checks at start); the checks read the stored settings, so they hold no state of their own.
 */
import type { AppContext } from '../context.js';

type Check = (ctx: AppContext) => Promise<boolean>;

const checks = new Map<string, Check>();

/** Registers an organization login by name (e.g. `ldap`, `saml`); registering a name again replaces its check. */
export function registerOrganizationLogin(name: string, isOn: Check): void {
  checks.set(name, isOn);
}

/** The names of the organization logins that are on now. */
export async function organizationLoginsOn(ctx: AppContext): Promise<string[]> {
  const on: string[] = [];
  for (const [name, isOn] of checks) if (await isOn(ctx)) on.push(name);
  return on;
}
