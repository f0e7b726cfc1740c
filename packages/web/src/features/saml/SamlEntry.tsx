/**
 * The login page's slot for SAML single sign-on (modules/saml): asks GET /saml/info and, only while the admin has
 * SAML login on (or the ACS sent the browser back with `?saml_error=`), loads and shows the button (SamlLogin, with
 * its strings). Most sites never turn it on, so the button and its strings are not part of the login page's first
 * load.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SamlInfo } from '@quorum/contract';
import { api } from '../../lib/api';
import { withStrings } from '../../lib/i18n';

const SamlLogin = lazy(withStrings(() => import('./SamlLogin'), ['ui-saml']));

/** GET /saml/info (one query for the slot and the login page's choice of what to show first). */
export function useSamlInfo() {
  return useQuery({ queryKey: ['/answer/api/v1/saml/info'], queryFn: () => api.get<SamlInfo>('/answer/api/v1/saml/info') });
}

/** Nothing while SAML login is off and no refusal is to be shown; else the button, `divider` as SamlLogin's. */
export default function SamlEntry({ divider }: { divider: boolean }) {
  const [params] = useSearchParams();
  const error = params.get('saml_error') ?? '';
  const { data } = useSamlInfo();
  if (!data?.enabled && !error) return null;
  return (
    <Suspense fallback={null}>
      <SamlLogin info={data} error={error} divider={divider} />
    </Suspense>
  );
}
