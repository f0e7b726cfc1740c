/**
 * /admin/smtp (spec §3 "SMTP", §5 admin messages; GET/PUT /admin/api/setting/smtp): sender, host, encryption,
 * port (1-65535), authentication. The stored password comes back masked and is kept when the mask is sent
 * back. 'Send test e-mail' saves the form with a test recipient, and the server queues a test message to it.
 */
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import TextField from '../../auth/TextField';
import { ADMIN_API } from '../api';
import { SETTINGS_SCHEMAS } from './schemas';
import { SettingsFrame, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues } from './useSettingsForm';

type Data = Record<string, unknown>;
const PATH = `${ADMIN_API}/setting/smtp`;

const toBody = (f: FormValues, _d?: Data, recipient = '') => ({
  from_email: String(f.from_email).trim(),
  from_name: String(f.from_name).trim(),
  smtp_host: String(f.smtp_host).trim(),
  encryption: String(f.encryption),
  smtp_port: /^\d+$/.test(String(f.smtp_port).trim()) ? Number(String(f.smtp_port).trim()) : String(f.smtp_port),
  smtp_authentication: f.smtp_authentication === true,
  smtp_username: String(f.smtp_username).trim(),
  smtp_password: String(f.smtp_password),
  test_email_recipient: recipient,
});

/** The SMTP page. */
export default function SmtpPage() {
  const { t } = useTranslation();
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'from_email', kind: 'email' },
      { name: 'from_name', kind: 'text' },
      { name: 'smtp_host', kind: 'text' },
      { name: 'encryption', kind: 'select', options: ['', 'SSL', 'TLS'].map((v) => ({ value: v, label: t(`admin.smtp.encryption_${v || 'none'}`) })) },
      { name: 'smtp_port', kind: 'text', maxLength: 5 },
      { name: 'smtp_authentication', kind: 'switch' },
      { name: 'smtp_username', kind: 'text', when: (f) => f.smtp_authentication === true },
      { name: 'smtp_password', kind: 'password', when: (f) => f.smtp_authentication === true },
    ],
    [t],
  );
  const opts = useMemo(
    () => ({
      id: 'smtp',
      load: () => api.get<Data>(PATH),
      save: (body: unknown) => api.put<void>(PATH, body),
      toForm: (d: Data): FormValues => ({
        from_email: String(d.from_email ?? ''),
        from_name: String(d.from_name ?? ''),
        smtp_host: String(d.smtp_host ?? ''),
        encryption: String(d.encryption ?? ''),
        smtp_port: String(d.smtp_port ?? LIMITS.smtpPortMin),
        smtp_authentication: d.smtp_authentication === true,
        smtp_username: String(d.smtp_username ?? ''),
        smtp_password: String(d.smtp_password ?? ''),
      }),
      toBody: (f: FormValues) => toBody(f),
      schema: SETTINGS_SCHEMAS.smtp ?? null,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  const [recipient, setRecipient] = useState('');
  const [recipientError, setRecipientError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const sendTest = async () => {
    setRecipientError(undefined);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient.trim())) {
      setRecipientError(t('admin.smtp.test_recipient_invalid'));
      return;
    }
    setSending(true);
    try {
      await api.put(PATH, toBody(state.form, undefined, recipient.trim()));
      toast(t('admin.smtp.test_sent'), 'success');
    } catch (err) {
      const e = err as { fieldError?: (f: string) => string | undefined; handled?: boolean; message?: string };
      const msg = e.fieldError?.('test_email_recipient');
      if (msg) setRecipientError(msg);
      else if (!e.handled) toast(e.message ?? t('admin.form.save_failed'), 'danger');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <SettingsFrame page="smtp" state={state} fields={fields} />
      {state.ready && (
        <Form
          className="mt-5 q-admin-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void sendTest();
          }}
          aria-labelledby="q-smtp-test"
        >
          <h3 id="q-smtp-test" className="h6">
            {t('admin.smtp.test_title')}
          </h3>
          <TextField name="test_email_recipient" type="email" label={t('admin.smtp.test_email_recipient')} value={recipient} onChange={(v) => { setRecipient(v); setRecipientError(undefined); }} error={recipientError} hint={t('admin.smtp.test_hint')} />
          <Button type="submit" variant="outline-primary" disabled={sending}>
            {t('admin.smtp.send_test')}
          </Button>
        </Form>
      )}
    </>
  );
}
