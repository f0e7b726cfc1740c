/**
 * /users/password-reset?code= (spec §2): sets a new password from the e-mailed link
 * (POST /user/password/replacement {code, pass}; 8-32 characters). Every session of the account ends.
 */
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { LIMITS, PasswordReplacementReq } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { logout } from '../../lib/auth';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import { useFormSubmit } from '../../lib/useFormSubmit';
import TextField from '../auth/TextField';

/** True for the 403 of an expired or used link. */
export function isExpiredLink(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && (err.data as { type?: string } | null)?.type === 'url_expired';
}

/** The "set a new password" page. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  usePageTitle(t('account.reset.title'));
  const [form, setForm] = useState({ pass: '', confirm: '' });
  const [state, setState] = useState<'form' | 'done' | 'expired'>(code ? 'form' : 'expired');
  const expired = (err: unknown) => {
    if (!isExpiredLink(err)) return false;
    setState('expired');
    return true;
  };
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'), expired);

  const set = (field: keyof typeof form) => (v: string) => {
    setForm((f) => ({ ...f, [field]: v }));
    clearError(field);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = translateChecks(t, schemaErrors(PasswordReplacementReq, { code, pass: form.pass }));
    if (!local.pass && form.confirm !== form.pass) local.confirm = t('account.reset.mismatch');
    await run(local, async () => {
      await api.post('/answer/api/v1/user/password/replacement', { code, pass: form.pass }, { passingError: true });
      // The server ended every session of the account, this one included: logging out clears its cookies.
      await logout();
      setState('done');
    });
  };

  if (state === 'expired') {
    return (
      <AuthCard title={t('account.reset.title')}>
        <Alert variant="warning">{t('account.link_expired')}</Alert>
        <Link to="/users/account-recovery" className="btn btn-primary w-100">
          {t('account.reset.new_link')}
        </Link>
      </AuthCard>
    );
  }
  if (state === 'done') {
    return (
      <AuthCard title={t('account.reset.done_title')}>
        <p className="text-center">{t('account.reset.done_text')}</p>
        <Link to="/users/login" className="btn btn-primary w-100">
          {t('auth.login.submit')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('account.reset.title')} subtitle={t('account.reset.subtitle')}>
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {alert && (
          <Alert variant="danger" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          name="pass"
          type="password"
          label={t('account.reset.new_password')}
          value={form.pass}
          onChange={set('pass')}
          error={errors.pass}
          hint={t('auth.hints.password', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
          autoComplete="new-password"
          autoFocus
          required
        />
        <TextField name="confirm" type="password" label={t('account.reset.confirm_password')} value={form.confirm} onChange={set('confirm')} error={errors.confirm} autoComplete="new-password" required />
        <Button type="submit" variant="primary" className="w-100" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('account.reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
