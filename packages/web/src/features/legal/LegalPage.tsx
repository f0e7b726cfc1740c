/**
 * /tos and /privacy (spec §2, linked from every footer): the terms of service or privacy policy from
 * GET /answer/api/v1/siteinfo/legal?info_type=tos|privacy. The HTML was rendered and sanitized by the server
 * when an administrator saved the markdown.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';

type Kind = 'tos' | 'privacy';
interface Legal {
  terms_of_service_parsed_text?: string;
  privacy_policy_parsed_text?: string;
}

function LegalPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const title = t(kind === 'tos' ? 'footer.tos' : 'footer.privacy');
  usePageTitle(title);
  const { data, isPending } = useQuery({ queryKey: ['/answer/api/v1/siteinfo/legal', kind], queryFn: () => api.get<Legal>('/answer/api/v1/siteinfo/legal', { info_type: kind }) });
  const html = (kind === 'tos' ? data?.terms_of_service_parsed_text : data?.privacy_policy_parsed_text) ?? '';
  return (
    <div className="container" style={{ maxWidth: '52rem' }}>
      <h1 className="h3 mb-4">{title}</h1>
      {isPending ? (
        <PageSpinner />
      ) : html.trim() ? (
        <article className="q-post q-legal-text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="text-body-secondary">{t('legal.empty')}</p>
      )}
    </div>
  );
}

/** /tos */
export function TermsPage() {
  return <LegalPage kind="tos" />;
}

/** /privacy */
export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
