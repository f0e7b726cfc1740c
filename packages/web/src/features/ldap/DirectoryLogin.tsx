/**
 * The login page's slot for directory login (modules/ldap): asks GET /ldap/info and, only while the admin has
 * directory login on, loads and shows the form (LdapLogin, with its strings). Most sites never turn it on, so
 * the form, its checks and its strings are not part of the login page's first load.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LdapInfo } from '@quorum/contract';
import { api } from '../../lib/api';
import { withStrings } from '../../lib/i18n';

const LdapLogin = lazy(withStrings(() => import('./LdapLogin'), ['ui-ldap']));

/** GET /ldap/info (one query for the slot and the login page's choice of what to show first). */
export function useLdapInfo() {
  return useQuery({ queryKey: ['/answer/api/v1/ldap/info'], queryFn: () => api.get<LdapInfo>('/answer/api/v1/ldap/info') });
}

/** Nothing while directory login is off (or its state is loading); else the form, `divider` as LdapLogin's. */
export default function DirectoryLogin({ divider }: { divider: boolean }) {
  const { data } = useLdapInfo();
  if (!data?.enabled) return null;
  return (
    <Suspense fallback={null}>
      <LdapLogin divider={divider} />
    </Suspense>
  );
}
