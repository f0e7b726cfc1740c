/**
 * "Log in with <directory>" on the login page (modules/ldap; GET /ldap/info, POST /ldap/login): the directory's
 * username and password, shown only while the admin has directory login on. A refusal (wrong password, unknown
 * name, directory down) shows the server's message in the form's alert; the e-mail form above keeps working for
 * local accounts such as the administrator's.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { LdapLoginReq, type LdapInfo } from '@quorum/contract';
import { api } from '../../lib/api';
import { afterLogin } from '../../lib/auth';
import { schemaErrors, translateChecks } from '../../lib/formErrors';
import type { CurrentUser } from '../../lib/types';
import { useFormSubmit } from '../../lib/useFormSubmit';
import TextField from '../auth/TextField';

/** The directory form, with an "or" divider above when `divider`; nothing while directory login is off. */
export default function LdapLogin({ divider }: { divider: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['/answer/api/v1/ldap/info'], queryFn: () => api.get<LdapInfo>('/answer/api/v1/ldap/info') });
  const [form, setForm] = useState({ username: '', password: '' });
  const { errors, alert, busy, clearError, submit: run } = useFormSubmit(t('auth.errors.unknown'));
  if (!data?.enabled) return null;

  const set = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearError(field);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(translateChecks(t, schemaErrors(LdapLoginReq, form)), async () => {
      const user = await api.post<CurrentUser>('/answer/api/v1/ldap/login', form);
      await afterLogin(user, navigate);
    });
  };

  return (
    <section className="mt-3" aria-labelledby="q-ldap-title">
      {divider && <div className="text-center text-body-secondary small my-2">{t('plugins.connector.or')}</div>}
      <h2 id="q-ldap-title" className="h6 mb-3">
        {t('ldap.login.title', { name: data.name })}
      </h2>
      <Form noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {alert && (
          <Alert variant="danger" role="alert">
            {alert}
          </Alert>
        )}
        <TextField name="username" label={t('ldap.login.username')} value={form.username} onChange={(v) => set('username', v)} error={errors.username} autoComplete="username" required />
        <TextField name="password" type="password" label={t('ldap.login.password')} value={form.password} onChange={(v) => set('password', v)} error={errors.password} autoComplete="current-password" required />
        <Button type="submit" variant="outline-primary" className="w-100" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('ldap.login.submit', { name: data.name })}
        </Button>
      </Form>
    </section>
  );
}
