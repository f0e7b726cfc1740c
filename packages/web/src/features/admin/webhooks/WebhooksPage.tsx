/**
 * /admin/webhooks (docs/API.md "Integrations"): register a URL for events (the signing secret is shown once),
 * list hooks with their state, turn a disabled hook back on, remove one, and read a hook's delivery log.
 */
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@quorum/contract';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PageSpinner } from '../../../components/PageSpinner';
import { webhookApi } from './api';

const LIST_KEY = ['admin', 'webhooks'];

function Deliveries({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useQuery({ queryKey: [...LIST_KEY, id, 'deliveries'], queryFn: () => webhookApi.deliveries(id) });
  if (isLoading) return <PageSpinner />;
  if (!data?.length) return <div className="small text-body-secondary">{t('integrations.webhooks.no_deliveries')}</div>;
  // A phone scrolls the log sideways in its own box instead of widening the page (admin.css "Tables on a phone").
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0">
        <thead>
          <tr>
            <th scope="col">{t('integrations.webhooks.event')}</th>
            <th scope="col">{t('integrations.webhooks.status')}</th>
            <th scope="col">{t('integrations.webhooks.response')}</th>
            <th scope="col">{t('integrations.webhooks.attempts')}</th>
            <th scope="col">{t('integrations.webhooks.time')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.id}>
              <td>{d.event}</td>
              <td>{t(`integrations.webhooks.statuses.${d.status}`)}</td>
              <td>{d.response_code || d.error || '—'}</td>
              <td>{d.attempts}</td>
              <td>{formatDateTime(d.created_at, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The webhooks page. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.webhooks'));
  const qc = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: LIST_KEY, queryFn: webhookApi.list });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState('');
  const [open, setOpen] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: LIST_KEY });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const created = await webhookApi.create({ url, events });
      setSecret(created.secret);
      setUrl('');
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && Array.isArray(err.data)) {
        setErrors(Object.fromEntries((err.data as { error_field: string; error_msg: string }[]).map((f) => [f.error_field, f.error_msg])));
      } else throw err;
    }
  };
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{t('admin.nav.webhooks')}</h2>
      <p className="text-body-secondary">{t('integrations.webhooks.intro')}</p>
      {secret && (
        <Alert variant="success" onClose={() => setSecret('')} dismissible>
          <div className="fw-semibold">{t('integrations.webhooks.secret_once')}</div>
          <code className="d-block mt-2 user-select-all text-break" data-testid="new-webhook-secret">{secret}</code>
        </Alert>
      )}
      <Form onSubmit={(e) => void submit(e)} className="card card-body mb-4" noValidate>
        <Form.Group controlId="q-webhook-url" className="mb-3">
          <Form.Label>{t('integrations.webhooks.url')}</Form.Label>
          <Form.Control type="url" value={url} onChange={(e) => setUrl(e.target.value)} isInvalid={!!errors.url} placeholder="https://" />
          <Form.Control.Feedback type="invalid">{errors.url}</Form.Control.Feedback>
        </Form.Group>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('integrations.webhooks.events')}</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <Form.Check
              key={ev}
              id={`q-webhook-${ev}`}
              label={ev}
              checked={events.includes(ev)}
              onChange={(e) => {
                // Read now: React clears currentTarget once the handler returns, before the updater runs.
                const on = e.currentTarget.checked;
                setEvents((cur) => (on ? [...cur, ev] : cur.filter((x) => x !== ev)));
              }}
            />
          ))}
          {errors.events && <div className="invalid-feedback d-block">{errors.events}</div>}
        </fieldset>
        <div>
          <Button type="submit">{t('integrations.webhooks.add')}</Button>
        </div>
      </Form>
      {isLoading ? (
        <PageSpinner />
      ) : !data?.length ? (
        <div className="card"><div className="card-body text-body-secondary">{t('integrations.webhooks.none')}</div></div>
      ) : (
        <ul className="list-group">
          {data.map((h) => (
            <li key={h.id} className="list-group-item" data-webhook={h.id}>
              <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
                <div>
                  <div className="fw-semibold text-break">{h.url}</div>
                  <div className="small text-body-secondary">{h.events.join(', ')}</div>
                  <div className="small">{h.enabled ? t('integrations.webhooks.enabled') : t('integrations.webhooks.disabled', { count: h.failure_count })}</div>
                </div>
                <div className="d-flex gap-2">
                  <Button size="sm" variant="outline-secondary" aria-expanded={open === h.id} onClick={() => setOpen(open === h.id ? '' : h.id)}>{t('integrations.webhooks.log')}</Button>
                  {!h.enabled && <Button size="sm" variant="outline-primary" onClick={() => void webhookApi.enable(h.id).then(refresh)}>{t('integrations.webhooks.enable')}</Button>}
                  <Button size="sm" variant="outline-danger" onClick={() => void webhookApi.remove(h.id).then(refresh)}>{t('integrations.webhooks.remove')}</Button>
                </div>
              </div>
              {open === h.id && <div className="mt-2"><Deliveries id={h.id} /></div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
