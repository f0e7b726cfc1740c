/**
 * End states of the installer: installation complete, and a site that is already installed.
 * Links are full page loads, so the app starts afresh with the new site's settings.
 */
import { useTranslation } from 'react-i18next';

/** Step 7: success, with the way to the home page and the admin console. */
export function DoneStep() {
  const { t } = useTranslation();
  return (
    <div className="text-center py-2">
      <div className="display-6 text-success mb-2" aria-hidden="true">
        ✓
      </div>
      <h2 className="h4" tabIndex={-1} ref={(el) => el?.focus()}>
        {t('install.done.title')}
      </h2>
      <p className="text-body-secondary">{t('install.done.message')}</p>
      <div className="d-flex justify-content-center gap-2 mt-4">
        <a className="btn btn-primary px-4" href="/">
          {t('install.done.home')}
        </a>
        <a className="btn btn-outline-secondary" href="/admin">
          {t('install.done.admin')}
        </a>
      </div>
    </div>
  );
}

/** Shown instead of the wizard when the site is already installed. */
export function InstalledStep() {
  const { t } = useTranslation();
  return (
    <div className="text-center py-2">
      <h2 className="h4" tabIndex={-1} ref={(el) => el?.focus()}>
        {t('install.installed.title')}
      </h2>
      <p className="text-body-secondary">{t('install.installed.message')}</p>
      <a className="btn btn-primary px-4 mt-2" href="/">
        {t('install.installed.home')}
      </a>
    </div>
  );
}
