/**
 * 'Log in with …' buttons of the enabled connectors (GET /connector/info: name, base64 SVG icon, link) on the
 * login and sign-up pages (spec §7). The link is followed as a same-site path: the server sends the browser on
 * to the provider.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ProviderIcon } from '../../components/ProviderIcon';

/** One connector as GET /connector/info lists it. */
export interface ConnectorInfo {
  name: string;
  icon: string;
  link: string;
}

function samePath(link: string): string {
  try {
    const u = new URL(link, window.location.origin);
    return u.pathname + u.search;
  } catch {
    return link;
  }
}

/** The buttons, with a divider above when `divider`; nothing while no connector is on. */
export default function ConnectorButtons({ divider = true }: { divider?: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['/answer/api/v1/connector/info'], queryFn: () => api.get<ConnectorInfo[]>('/answer/api/v1/connector/info') });
  if (!data?.length) return null;
  return (
    <div className="mt-3">
      {divider && <div className="text-center text-body-secondary small my-2">{t('plugins.connector.or')}</div>}
      {data.map((c) => (
        <a key={c.link} href={samePath(c.link)} className="btn btn-outline-secondary w-100 mb-2 d-flex align-items-center justify-content-center gap-2">
          {c.icon && <ProviderIcon svgBase64={c.icon} />}
          {t('plugins.connector.login_with', { name: c.name })}
        </a>
      ))}
    </div>
  );
}
