/**
 * /users/settings (logged in, spec §2): sub-pages profile (default), notify, account and interface, and
 * {slug_name} for each enabled plugin with member settings (GET /user/plugin/configs), with a side navigation.
 * Sub-routes are relative to /users/settings.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import NotFoundPage from '../errors/NotFoundPage';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../lib/auth';
import AccountForm from './AccountForm';
import InterfaceForm from './InterfaceForm';
import NotifyForm from './NotifyForm';
import PluginSettingsForm, { USER_PLUGINS_KEY, fetchUserPlugins } from './PluginSettingsForm';
import ProfileForm from './ProfileForm';
import ExternalSettings from '../user-center/ExternalSettings';

const TABS = ['profile', 'notify', 'account', 'interface'] as const;

/** The settings frame. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // Plugins with member settings; the navigation simply lacks them while loading or when the list fails.
  const plugins = useQuery({ queryKey: USER_PLUGINS_KEY, queryFn: fetchUserPlugins, enabled: !!user });
  if (!user) return <PageSpinner />;
  return (
    <div className="container">
      <div className="row g-4">
        <div className="col-md-3">
          <h1 className="h4 mb-3">{t('settings.title')}</h1>
          <nav aria-label={t('settings.nav_label')}>
            <ul className="nav nav-pills flex-md-column">
              {TABS.map((tab) => (
                <li key={tab} className="nav-item">
                  <NavLink to={`/users/settings/${tab}`} className="nav-link">
                    {t(`settings.tabs.${tab}`)}
                  </NavLink>
                </li>
              ))}
              {(plugins.data ?? []).map((p) => (
                <li key={p.slug_name} className="nav-item">
                  <NavLink to={`/users/settings/${p.slug_name}`} className="nav-link">
                    {p.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="col-md-9 col-lg-7">
          <Routes>
            <Route index element={<Navigate to="profile" replace />} />
            <Route path="profile" element={<ExternalSettings which="profile"><ProfileForm user={user} /></ExternalSettings>} />
            <Route path="notify" element={<NotifyForm />} />
            <Route path="account" element={<ExternalSettings which="account"><AccountForm user={user} /></ExternalSettings>} />
            <Route path="interface" element={<InterfaceForm user={user} />} />
            <Route path=":slugName" element={<PluginSettingsForm />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </div>
      </div>
    </div>
  );
}
