/**
 * /admin/api-keys (docs/API.md "Integrations"): create an API key with a name, a scope (read, write, admin) and
 * an optional expiry date; the key is shown once, right after it is made. The list shows each key's prefix,
 * scope, creator, last use and expiry, and revokes a key at once.
 */
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { API_KEY_SCOPES, type ApiKeyScope } from '@quorum/contract';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PageSpinner } from '../../../components/PageSpinner';
import { ConfirmDialog } from '../ConfirmDialog';
import { apiKeyApi, type ApiKeyRow } from './api';

const LIST_KEY = ['admin', 'api-keys'];

/** End of the chosen day (local time) as unix seconds; 0 for no date. */
function endOfDay(date: string): number {
  return date ? Math.floor(new Date(`${date}T23:59:59`).getTime() / 1000) : 0;
}

function CreateForm({ onCreated }: { onCreated: (key: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const created = await apiKeyApi.create({ name, scope, expires_at: endOfDay(expires) });
      setName('');
      setExpires('');
      onCreated(created.key);
    } catch (err) {
      if (err instanceof ApiError && Array.isArray(err.data)) {
        setErrors(Object.fromEntries((err.data as { error_field: string; error_msg: string }[]).map((f) => [f.error_field, f.error_msg])));
      } else throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={(e) => void submit(e)} className="card card-body mb-4" noValidate>
      <h3 className="h6">{t('integrations.apikeys.new')}</h3>
      <div className="row g-3">
        <Form.Group className="col-md-5" controlId="q-apikey-name">
          <Form.Label>{t('integrations.apikeys.name')}</Form.Label>
          <Form.Control value={name} maxLength={100} onChange={(e) => setName(e.target.value)} isInvalid={!!errors.name} />
          <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-md-3" controlId="q-apikey-scope">
          <Form.Label>{t('integrations.apikeys.scope')}</Form.Label>
          <Form.Select value={scope} onChange={(e) => setScope(e.target.value as ApiKeyScope)}>
            {API_KEY_SCOPES.map((s) => (
              <option key={s} value={s}>{t(`integrations.apikeys.scopes.${s}`)}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-4" controlId="q-apikey-expires">
          <Form.Label>{t('integrations.apikeys.expires')}</Form.Label>
          <Form.Control type="date" value={expires} onChange={(e) => setExpires(e.target.value)} isInvalid={!!errors.expires_at} />
          <Form.Text>{t('integrations.apikeys.expires_hint')}</Form.Text>
          <Form.Control.Feedback type="invalid">{errors.expires_at}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <div className="mt-3">
        <Button type="submit" disabled={busy}>{t('integrations.apikeys.create')}</Button>
      </div>
    </Form>
  );
}

/** The API keys page. */
export default function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin.nav.api_keys'));
  const qc = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: LIST_KEY, queryFn: apiKeyApi.list });
  const [shown, setShown] = useState('');
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const when = (s: number) => (s ? formatDateTime(s, i18n.language) : t('integrations.apikeys.never'));
  const revoke = async () => {
    if (!revoking) return;
    await apiKeyApi.revoke(revoking.id);
    setRevoking(null);
    await qc.invalidateQueries({ queryKey: LIST_KEY });
  };
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{t('admin.nav.api_keys')}</h2>
      <p className="text-body-secondary">{t('integrations.apikeys.intro')}</p>
      {shown && (
        <Alert variant="success" onClose={() => setShown('')} dismissible>
          <div className="fw-semibold">{t('integrations.apikeys.shown_once')}</div>
          <code className="d-block mt-2 user-select-all text-break" data-testid="new-api-key">{shown}</code>
        </Alert>
      )}
      <CreateForm onCreated={(key) => { setShown(key); void qc.invalidateQueries({ queryKey: LIST_KEY }); }} />
      {isLoading ? (
        <PageSpinner />
      ) : !data?.length ? (
        <div className="card"><div className="card-body text-body-secondary">{t('integrations.apikeys.none')}</div></div>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle">
            <thead>
              <tr>
                <th scope="col">{t('integrations.apikeys.name')}</th>
                <th scope="col">{t('integrations.apikeys.scope')}</th>
                <th scope="col">{t('integrations.apikeys.owner')}</th>
                <th scope="col">{t('integrations.apikeys.last_used')}</th>
                <th scope="col">{t('integrations.apikeys.expires')}</th>
                <th scope="col">{t('integrations.apikeys.action')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((k) => (
                <tr key={k.id} data-api-key={k.id}>
                  <td>
                    <div className="fw-semibold">{k.name}</div>
                    <code className="small">{k.key_prefix}…</code>
                  </td>
                  <td>{t(`integrations.apikeys.scopes.${k.scope}`)}</td>
                  <td>{k.username}</td>
                  <td>{when(k.last_used_at)}</td>
                  <td>{when(k.expires_at)}</td>
                  <td>
                    {k.revoked_at ? (
                      <span className="text-body-secondary">{t('integrations.apikeys.revoked')}</span>
                    ) : (
                      <Button variant="outline-danger" size="sm" onClick={() => setRevoking(k)}>{t('integrations.apikeys.revoke')}</Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        show={!!revoking}
        title={t('integrations.apikeys.revoke_title')}
        message={t('integrations.apikeys.revoke_message', { name: revoking?.name ?? '' })}
        confirmLabel={t('integrations.apikeys.revoke')}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
