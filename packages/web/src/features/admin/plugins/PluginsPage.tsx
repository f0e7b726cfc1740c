/**
 * /admin/installed-plugins and /admin/{slug_name} (spec §2). No plugin package exists yet, so the list says
 * so and a plugin's configuration address answers with the not-found page.
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/usePageTitle';
import NotFoundPage from '../../errors/NotFoundPage';

/** The installed plugins list. */
export default function PluginsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.installed_plugins'));
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{t('admin.nav.installed_plugins')}</h2>
      <div className="card">
        <div className="card-body text-body-secondary">{t('admin.plugins.none')}</div>
      </div>
    </section>
  );
}

/** A plugin's configuration page: no plugin is installed, so every slug is unknown. */
export function PluginConfigPage() {
  return <NotFoundPage />;
}
