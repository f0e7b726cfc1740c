/**
 * Settings > account: e-mail (with the change-e-mail link), password change with the current password
 * (captcha modify_pass, PUT /user/password, 'Password changed successfully.') and linked third-party logins
 * (GET /connector/user/info; unlinking asks first).
 */
import { useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { apiKey, LIMITS, ModifyPasswordReq } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import { dropError, schemaErrors, serverFieldErrors, translateChecks, type FieldErrors } from '../../lib/formErrors';
import TextField from '../auth/TextField';
import { CaptchaCancelled, useCaptcha } from '../captcha/useCaptcha';
import { Section } from './SectionCard';
import { useUnsavedChanges } from './useUnsavedChanges';

/** One third-party login of GET /connector/user/info. */
interface Connector {
  name: string;
  icon?: string;
  link?: string;
  binding?: boolean;
  external_id?: string;
}

const EMPTY = { old_pass: '', pass: '', confirm: '' };

/** The account page. */
export default function AccountForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  usePageTitle(t('settings.tabs.account'));
  return (
    <>
      <Section id="q-account-email" title={t('settings.account.email')}>
        <p className="mb-2">
          <span className="fw-medium">{user.e_mail}</span>
        </p>
        <Link to="/users/change-email" className="btn btn-outline-secondary btn-sm">
          {t('settings.account.change_email')}
        </Link>
      </Section>
      <PasswordSection hasPassword={user.have_password !== false} />
      <ConnectorsSection />
    </>
  );
}

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const captcha = useCaptcha('modify_pass');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const dirty = useMemo(() => Object.values(form).some(Boolean), [form]);
  useUnsavedChanges(dirty);

  const set = (field: keyof typeof form) => (v: string) => {
    setForm((f) => ({ ...f, [field]: v }));
    setErrors((e) => dropError(e, field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = hasPassword ? { old_pass: form.old_pass, pass: form.pass } : { pass: form.pass };
    const local = translateChecks(t, schemaErrors(ModifyPasswordReq, body));
    if (hasPassword && !form.old_pass) local.old_pass = t('auth.check.error.form.cannot_be_empty');
    if (!local.pass && form.confirm !== form.pass) local.confirm = t('account.reset.mismatch');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await captcha.run((c) => api.put('/answer/api/v1/user/password', { ...body, ...c }));
      setForm(EMPTY);
      toast(t('settings.account.password_changed'), 'success');
    } catch (err) {
      if (err instanceof CaptchaCancelled || (err instanceof ApiError && err.handled)) return;
      const fields = serverFieldErrors(err);
      if (fields) setErrors(fields);
      else toast(err instanceof Error ? err.message : t('auth.errors.unknown'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="q-account-password" title={t('settings.account.password')}>
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined} aria-labelledby="q-account-password">
        {hasPassword && <TextField name="old_pass" type="password" label={t('settings.account.old_password')} value={form.old_pass} onChange={set('old_pass')} error={errors.old_pass} autoComplete="current-password" required />}
        <TextField name="pass" type="password" label={t('account.reset.new_password')} value={form.pass} onChange={set('pass')} error={errors.pass} hint={t('auth.hints.password', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })} autoComplete="new-password" required />
        <TextField name="confirm" type="password" label={t('account.reset.confirm_password')} value={form.confirm} onChange={set('confirm')} error={errors.confirm} autoComplete="new-password" required />
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('settings.account.change_password')}
        </Button>
      </Form>
      {captcha.dialog}
    </Section>
  );
}

const CONNECTORS_KEY = apiKey('/answer/api/v1/connector/user/info');

function ConnectorsSection() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: [CONNECTORS_KEY], queryFn: () => api.get<Connector[] | null>('/answer/api/v1/connector/user/info') });
  const [busy, setBusy] = useState<string | null>(null);

  const unlink = async (c: Connector) => {
    if (!window.confirm(t('settings.account.unlink_confirm', { name: c.name }))) return;
    setBusy(c.name);
    try {
      await api.delete('/answer/api/v1/connector/user/unbinding', { external_id: c.external_id });
      await query.refetch();
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast(err instanceof Error ? err.message : t('auth.errors.unknown'), 'danger');
    } finally {
      setBusy(null);
    }
  };

  const list = query.data ?? [];
  return (
    <Section id="q-account-connectors" title={t('settings.account.connectors')} description={t('settings.account.connectors_hint')}>
      {query.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert variant="danger">{t('settings.load_failed')}</Alert>
      ) : list.length === 0 ? (
        <p className="text-body-secondary border rounded p-3 mb-0">{t('settings.account.connectors_empty')}</p>
      ) : (
        <ListGroup>
          {list.map((c) => (
            <ListGroup.Item key={c.name} className="d-flex align-items-center gap-2">
              {c.icon && <img src={c.icon.startsWith('data:') || c.icon.startsWith('/') || c.icon.startsWith('http') ? c.icon : `data:image/svg+xml;base64,${c.icon}`} alt="" width={20} height={20} />}
              <span className="flex-grow-1">{c.name}</span>
              {c.binding ? (
                <Button variant="outline-danger" size="sm" onClick={() => void unlink(c)} disabled={busy === c.name}>
                  {t('settings.account.unlink')}
                </Button>
              ) : c.link ? (
                <a href={c.link} className="btn btn-outline-secondary btn-sm">
                  {t('settings.account.link')}
                </a>
              ) : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Section>
  );
}
