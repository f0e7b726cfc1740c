/**
 * /admin/inbound-mail: the reply-by-e-mail section of the site settings (contract schemas/inbound-mail.ts
 * SiteInboundMailReq; the server's modules/inbound-mail): on or off, the reply domain, new questions by mail to a
 * tag's address. Above the form, read-only, how mail reaches the site (GET /admin/api/inbound-mail/status): the
 * inbound SMTP server (`QUORUM_INBOUND_SMTP_PORT`) and the provider webhook (`QUORUM_INBOUND_WEBHOOK_TOKEN`), set
 * in the server's environment (docs/OPERATIONS.md "Reply by e-mail"). A bad domain, or none while turning it on,
 * is refused on its field.
 */
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INBOUND_MAIL_DEFAULTS, SiteInboundMailReq, type InboundMailSettings } from '@quorum/contract';
import { api } from '../../lib/api';
import { ADMIN_API, ADMIN_KEY, fetchSiteinfo, saveSiteinfo } from '../admin/api';
import { SettingsFrame, SpecField, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';

/** The status shape of GET /admin/api/inbound-mail/status (server inbound-mail.status.ts). */
interface InboundStatus {
  smtp: { configured: boolean; port: number | null; host: string; listening: boolean; listening_port: number | null };
  webhook: { configured: boolean; path: string };
}

const FIELDS: FieldSpec[] = [
  { name: 'enabled', kind: 'switch' },
  { name: 'reply_domain', kind: 'text', maxLength: 253 },
  { name: 'new_questions', kind: 'switch' },
];

/** One line of the status list: a name, an on/off badge and what it means. */
function StatusRow({ name, on, text }: { name: string; on: boolean; text: string }) {
  const { t } = useTranslation();
  return (
    <li className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
      <span className="fw-medium">{name}</span>
      <Badge bg={on ? 'success' : 'secondary'}>{on ? t('admin.inbound_mail.status.on') : t('admin.inbound_mail.status.off')}</Badge>
      <span className="text-body-secondary small text-break">{text}</span>
    </li>
  );
}

/** The read-only status of the ways in. */
function InboundStatusPanel() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: [ADMIN_KEY, 'inbound-mail-status'], queryFn: () => api.get<InboundStatus>(`${ADMIN_API}/inbound-mail/status`), staleTime: 0 });
  if (q.isError) return <Alert variant="warning">{t('admin.inbound_mail.status.load_failed')}</Alert>;
  if (!q.data) return null;
  const { smtp, webhook } = q.data;
  const smtpText = !smtp.configured
    ? t('admin.inbound_mail.status.smtp_off')
    : `${t('admin.inbound_mail.status.smtp_on', { port: smtp.port })} ${smtp.listening ? t('admin.inbound_mail.status.smtp_listening') : t('admin.inbound_mail.status.smtp_not_listening')}`;
  return (
    <section aria-labelledby="q-inbound-status" className="border rounded p-3 mb-4" data-testid="inbound-status">
      <h3 id="q-inbound-status" className="h6 mb-2">
        {t('admin.inbound_mail.status.title')}
      </h3>
      <ul className="list-unstyled mb-2">
        <StatusRow name={t('admin.inbound_mail.status.smtp')} on={smtp.configured} text={smtpText} />
        <StatusRow name={t('admin.inbound_mail.status.webhook')} on={webhook.configured} text={webhook.configured ? t('admin.inbound_mail.status.webhook_on', { path: webhook.path }) : t('admin.inbound_mail.status.webhook_off')} />
      </ul>
      {!smtp.configured && !webhook.configured && <p className="small text-warning-emphasis mb-2">{t('admin.inbound_mail.status.none')}</p>}
      <p className="small text-body-secondary mb-0">{t('admin.inbound_mail.status.note')}</p>
    </section>
  );
}

/** The settings page. */
export default function InboundMailSettingsPage() {
  const opts = useMemo(
    () => ({
      id: 'inbound-mail',
      load: () => fetchSiteinfo<InboundMailSettings>('inbound-mail'),
      save: (body: unknown) => saveSiteinfo('inbound-mail', body),
      toForm: (d: InboundMailSettings): FormValues => ({
        enabled: d.enabled ?? INBOUND_MAIL_DEFAULTS.enabled,
        reply_domain: d.reply_domain ?? INBOUND_MAIL_DEFAULTS.reply_domain,
        new_questions: d.new_questions ?? INBOUND_MAIL_DEFAULTS.new_questions,
      }),
      toBody: (f: FormValues) => ({ enabled: f.enabled === true, reply_domain: String(f.reply_domain ?? '').trim(), new_questions: f.new_questions === true }),
      schema: SiteInboundMailReq,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return (
    <SettingsFrame page="inbound_mail" state={state}>
      <InboundStatusPanel />
      {FIELDS.map((f) => (
        <SpecField key={f.name} page="inbound_mail" spec={f} state={state} />
      ))}
    </SettingsFrame>
  );
}
