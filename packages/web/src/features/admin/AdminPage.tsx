/**
 * /admin/* (spec §2 "Admin routes", admin role only — the route guard re-pulls the current user on entry):
 * the console frame with its sidebar and the sub-pages. Sub-routes are relative to /admin. On narrow screens
 * the sidebar folds behind a menu button.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { withStrings } from '../../lib/i18n';
import NotFoundPage from '../errors/NotFoundPage';
import { ADMIN_NAV } from './nav';
import ContentsPage from './contents/ContentsPage';
import PluginsPage, { PluginConfigPage } from './plugins/PluginsPage';
import UsersPage from './users/UsersPage';
import ApiKeysPage from './apikeys/ApiKeysPage';
import WebhooksPage from './webhooks/WebhooksPage';
import BackupsPage from './backup/BackupsPage';
import UserDetailPage from './users/UserDetailPage';
import { GeneralPage, InterfacePage, BrandingPage, LegalSettingsPage, SeoPage, LoginSettingsPage, UsersSettingsPage } from './settings/sections';
import WritePage from './settings/WritePage';
import SmtpPage from './settings/SmtpPage';
import PrivilegesPage from './settings/PrivilegesPage';
import { ThemesPage, CssHtmlPage } from './settings/customize';
import './admin.css';

// The dashboard carries the chart library: its own chunk, loaded only there.
const DashboardPage: ComponentType = lazy(() => import('./dashboard/DashboardPage'));
// The captcha settings, with their strings (ui-captcha.yaml).
const CaptchaPage: ComponentType = lazy(withStrings(() => import('./settings/CaptchaPage'), ['ui-captcha']));
// The spam settings (limits for new members, e-mail screening), with their strings (ui-spam.yaml).
const SpamPage: ComponentType = lazy(withStrings(() => import('./settings/SpamPage'), ['ui-spam']));
// The close-votes settings (features/close-vote), with their strings (ui-close-vote.yaml).
const CloseVotesPage: ComponentType = lazy(withStrings(() => import('../close-vote/CloseVotesSettingsPage'), ['ui-close-vote']));
// The locks and bounty settings (features/lock, features/bounty), with their strings.
const LocksPage: ComponentType = lazy(withStrings(() => import('../lock/LocksSettingsPage'), ['ui-lock']));
const BountyPage: ComponentType = lazy(withStrings(() => import('../bounty/BountySettingsPage'), ['ui-bounty']));
// The staging ground settings (features/staging), with their strings (ui-staging.yaml).
const StagingPage: ComponentType = lazy(withStrings(() => import('../staging/StagingSettingsPage'), ['ui-staging']));
// The reply-by-e-mail settings (features/inbound-mail), with their strings (ui-inbound-mail.yaml).
const InboundMailPage: ComponentType = lazy(withStrings(() => import('../inbound-mail/InboundMailSettingsPage'), ['ui-inbound-mail']));
// Groups (features/groups), with their strings (ui-groups.yaml).
const GroupsAdminPage: ComponentType = lazy(withStrings(() => import('../groups/AdminGroupsPage'), ['ui-groups']));
// Directory (LDAP) login settings (features/ldap), with their strings (ui-ldap.yaml).
const LdapPage: ComponentType = lazy(withStrings(() => import('../ldap/LdapSettingsPage'), ['ui-ldap']));
// SAML 2.0 single sign-on settings (features/saml), with their strings (ui-saml.yaml).
const SamlPage: ComponentType = lazy(withStrings(() => import('../saml/SamlSettingsPage'), ['ui-saml']));

function Sidebar({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.nav.label')} className="q-admin-nav">
      {ADMIN_NAV.map((group) =>
        group.items.length === 1 && group.items[0]!.key === group.key ? (
          <NavLink key={group.key} end to={`/admin/${group.items[0]!.path}`.replace(/\/$/, '')} className="nav-link" onClick={onPick}>
            {t(`admin.nav.${group.key}`)}
          </NavLink>
        ) : (
          <div key={group.key} className="mt-2">
            <div className="q-admin-nav-group text-body-secondary small text-uppercase fw-semibold px-3 pt-2 pb-1">{t(`admin.nav.${group.key}`)}</div>
            {group.items.map((i) => (
              <NavLink key={i.key} to={`/admin/${i.path}`} className="nav-link" onClick={onPick}>
                {t(`admin.nav.${i.key}`)}
              </NavLink>
            ))}
          </div>
        ),
      )}
    </nav>
  );
}

/** The console frame. */
export default function AdminPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  return (
    <div className="container-xxl q-admin">
      <div className="row g-4">
        <div className="col-lg-3 col-xl-2">
          <div className="d-flex align-items-center justify-content-between">
            <h1 className="h5 mb-2">{t('admin.title')}</h1>
            <Button variant="outline-secondary" size="sm" className="d-lg-none" aria-expanded={open} aria-controls="q-admin-sidebar" onClick={() => setOpen((o) => !o)}>
              {t('admin.nav.menu')}
            </Button>
          </div>
          <div id="q-admin-sidebar" className={`d-lg-block${open ? '' : ' d-none'}`}>
            <Sidebar onPick={() => setOpen(false)} />
          </div>
        </div>
        <div className="col-lg-9 col-xl-10 q-admin-main" key={location.pathname}>
          <Routes>
            <Route index element={<Suspense fallback={<PageSpinner />}><DashboardPage /></Suspense>} />
            <Route path="questions" element={<ContentsPage kind="question" />} />
            <Route path="answers" element={<ContentsPage kind="answer" />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:userId" element={<UserDetailPage />} />
            <Route path="themes" element={<ThemesPage />} />
            <Route path="css-html" element={<CssHtmlPage />} />
            <Route path="general" element={<GeneralPage />} />
            <Route path="interface" element={<InterfacePage />} />
            <Route path="branding" element={<BrandingPage />} />
            <Route path="smtp" element={<SmtpPage />} />
            <Route path="legal" element={<LegalSettingsPage />} />
            <Route path="write" element={<WritePage />} />
            <Route path="seo" element={<SeoPage />} />
            <Route path="login" element={<LoginSettingsPage />} />
            <Route path="ldap" element={<Suspense fallback={<PageSpinner />}><LdapPage /></Suspense>} />
            <Route path="saml" element={<Suspense fallback={<PageSpinner />}><SamlPage /></Suspense>} />
            <Route path="settings-users" element={<UsersSettingsPage />} />
            <Route path="privileges" element={<PrivilegesPage />} />
            <Route path="captcha" element={<Suspense fallback={<PageSpinner />}><CaptchaPage /></Suspense>} />
            <Route path="spam" element={<Suspense fallback={<PageSpinner />}><SpamPage /></Suspense>} />
            <Route path="close-votes" element={<Suspense fallback={<PageSpinner />}><CloseVotesPage /></Suspense>} />
            <Route path="locks" element={<Suspense fallback={<PageSpinner />}><LocksPage /></Suspense>} />
            <Route path="bounty" element={<Suspense fallback={<PageSpinner />}><BountyPage /></Suspense>} />
            <Route path="staging" element={<Suspense fallback={<PageSpinner />}><StagingPage /></Suspense>} />
            <Route path="inbound-mail" element={<Suspense fallback={<PageSpinner />}><InboundMailPage /></Suspense>} />
            <Route path="groups" element={<Suspense fallback={<PageSpinner />}><GroupsAdminPage /></Suspense>} />
            <Route path="installed-plugins" element={<PluginsPage />} />
            <Route path="api-keys" element={<ApiKeysPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="backups" element={<BackupsPage />} />
            <Route path=":slugName" element={<PluginConfigPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </div>
      </div>
    </div>
  );
}
