/**
 * Settings > interface: language ('Default' follows the site) and colour scheme; PUT /user/interface. Applied
 * at once through the layout's effective-language and colour-scheme rules (spec §4).
 */
import { useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { COLOR_SCHEMES, LANGUAGES } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { refreshCurrentUser, USER_INFO_KEY } from '../../lib/auth';
import { getActiveQueryClient } from '../../lib/queryClient';
import { STORAGE_KEYS, writeStored } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../lib/types';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUnsavedChanges } from './useUnsavedChanges';

/** The interface form. */
export default function InterfaceForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  usePageTitle(t('settings.tabs.interface'));
  const [saved, setSaved] = useState({ language: user.language || 'Default', color_scheme: user.color_scheme || 'default' });
  const [form, setForm] = useState(saved);
  const [busy, setBusy] = useState(false);
  const dirty = useMemo(() => form.language !== saved.language || form.color_scheme !== saved.color_scheme, [form, saved]);
  useUnsavedChanges(dirty);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await api.put('/answer/api/v1/user/interface', form);
      setSaved(form);
      if (form.language !== 'Default') writeStored(STORAGE_KEYS.lang, form.language);
      // Apply at once; the fresh user follows.
      getActiveQueryClient()?.setQueryData<CurrentUser | null>([USER_INFO_KEY], (u) => (u ? { ...u, ...form } : u));
      void refreshCurrentUser();
      toast(t('settings.saved'), 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast(err instanceof Error ? err.message : t('auth.errors.unknown'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="q-interface-title">
      <h2 id="q-interface-title" className="h5 mb-3">
        {t('settings.tabs.interface')}
      </h2>
      <Form.Group className="mb-3" controlId="q-interface-language">
        <Form.Label className="fw-medium">{t('settings.interface.language')}</Form.Label>
        <Form.Select value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value })} aria-describedby="q-interface-language-hint">
          <option value="Default">{t('settings.interface.language_default')}</option>
          {LANGUAGES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="q-interface-language-hint">{t('settings.interface.language_hint')}</Form.Text>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-medium mb-2">{t('settings.interface.color_scheme')}</legend>
        {COLOR_SCHEMES.map((c) => (
          <Form.Check key={c} type="radio" id={`q-scheme-${c}`} name="color_scheme" label={t(`settings.interface.scheme_${c}`)} checked={form.color_scheme === c} onChange={() => setForm({ ...form, color_scheme: c })} />
        ))}
      </fieldset>
      <Button type="submit" variant="primary" disabled={busy || !dirty}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('settings.save')}
      </Button>
    </Form>
  );
}
