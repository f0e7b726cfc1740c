/**
 * "Log in with <IdP>" on the login page (modules/saml; GET /saml/info, GET /saml/login): a link, not a form, since
 * the login is a top-level trip to the identity provider and back to the ACS. It carries the page the visitor came
 * from (`?redirect=`), which comes back as RelayState. When the ACS refused an assertion it sends the browser here
 * with `?saml_error=<code>`, shown in an alert (the detail is in the server's log); the e-mail form above keeps
 * working for local accounts such as the administrator's.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { SAML_ERROR_CODES, type SamlInfo } from '@quorum/contract';

const KNOWN = new Set<string>(SAML_ERROR_CODES);

/** The SAML button (while SAML login is on) with an "or" divider above when `divider`, and the refusal, if any. */
export default function SamlLogin({ info, error, divider }: { info: SamlInfo | undefined; error: string; divider: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect') ?? '';
  const safe = redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '';
  const href = info?.login_url ? `${info.login_url}${safe ? `?redirect=${encodeURIComponent(safe)}` : ''}` : '';
  return (
    <section className="mt-3" aria-label={info?.enabled ? t('saml.login.title', { name: info.name }) : t('saml.login.failed')}>
      {error && (
        <Alert variant="danger" role="alert">
          {t(`saml.errors.${KNOWN.has(error) ? error : 'invalid'}`)}
        </Alert>
      )}
      {info?.enabled && href && (
        <>
          {divider && <div className="text-center text-body-secondary small my-2">{t('plugins.connector.or')}</div>}
          <a className="btn btn-outline-primary w-100" href={href}>
            {t('saml.login.title', { name: info.name })}
          </a>
        </>
      )}
    </section>
  );
}
