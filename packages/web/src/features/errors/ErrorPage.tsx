import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { usePageTitle } from '../../lib/usePageTitle';

/** A full-width error message with a big code and a way home. */
export function ErrorPage({ code, title, message }: { code: string; title: string; message: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section className="container text-center py-5 q-error-page" aria-labelledby="q-error-title">
      <p className="display-1 fw-bold text-body-tertiary mb-2" aria-hidden="true">
        {code}
      </p>
      <h1 id="q-error-title" className="h3 mb-3">
        {title}
      </h1>
      <p className="text-body-secondary mb-4">{message}</p>
      <Link to="/" className="btn btn-primary">
        {t('errors.back_home')}
      </Link>
    </section>
  );
}
