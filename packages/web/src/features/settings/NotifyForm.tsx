/**
 * Settings > notifications (spec §3 "Notification options"): e-mails for the inbox, all new questions and new
 * questions in followed tags (at most 50 a week), and Quorum's mailing-list mode (every new post of followed tags
 * at once, answerable by reply: the extra key `mailing_list`); GET and PUT /user/notification/config.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiKey } from '@quorum/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUnsavedChanges } from './useUnsavedChanges';

const OPTIONS = ['inbox', 'all_new_question', 'all_new_question_for_following_tags', 'mailing_list'] as const;
type Option = (typeof OPTIONS)[number];
type Config = Record<Option, { key?: string; enable: boolean }>;
const KEY = apiKey('/answer/api/v1/user/notification/config');

/** The notification e-mail options. */
export default function NotifyForm() {
  const { t } = useTranslation();
  usePageTitle(t('settings.tabs.notify'));
  const client = useQueryClient();
  const query = useQuery({ queryKey: [KEY], queryFn: () => api.get<Config>('/answer/api/v1/user/notification/config'), staleTime: 0 });
  const [form, setForm] = useState<Record<Option, boolean> | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = useMemo(() => (query.data ? (Object.fromEntries(OPTIONS.map((o) => [o, !!query.data[o]?.enable])) as Record<Option, boolean>) : null), [query.data]);
  useEffect(() => {
    if (saved) setForm((f) => f ?? saved);
  }, [saved]);
  const dirty = !!form && !!saved && OPTIONS.some((o) => form[o] !== saved[o]);
  useUnsavedChanges(dirty);

  if (query.isError) return <Alert variant="danger">{t('settings.load_failed')}</Alert>;
  if (!form) return <PageSpinner />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const body = Object.fromEntries(OPTIONS.map((o) => [o, { key: 'email', enable: form[o] }]));
      await api.put('/answer/api/v1/user/notification/config', body);
      client.setQueryData([KEY], body);
      toast(t('settings.saved'), 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast(err instanceof Error ? err.message : t('auth.errors.unknown'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="q-notify-title">
      <h2 id="q-notify-title" className="h5 mb-1">
        {t('settings.tabs.notify')}
      </h2>
      <p className="text-body-secondary small mb-3">{t('settings.notify.intro')}</p>
      <fieldset className="mb-3">
        <legend className="visually-hidden">{t('settings.notify.legend')}</legend>
        {OPTIONS.map((o) => (
          <Form.Check
            key={o}
            type="switch"
            role="switch"
            id={`q-notify-${o}`}
            className="mb-3"
            label={
              <>
                <span className="fw-medium">{t(`settings.notify.${o}`)}</span>
                <span className="d-block small text-body-secondary">{t(`settings.notify.${o}_hint`)}</span>
              </>
            }
            checked={form[o]}
            onChange={(e) => setForm({ ...form, [o]: e.target.checked })}
          />
        ))}
      </fieldset>
      <Button type="submit" variant="primary" disabled={busy || !dirty}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('settings.save')}
      </Button>
    </Form>
  );
}
