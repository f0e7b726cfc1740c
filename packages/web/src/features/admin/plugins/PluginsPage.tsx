/**
 * /admin/installed-plugins and /admin/{slug_name} (spec §2, §7): the installed plugins with their state, an
 * on/off switch, the last error a hook threw, and a link to each plugin's configuration form, which is drawn from
 * the plugin's declared fields. Secret fields are never filled in: the form says whether one is set, and leaving
 * it empty keeps it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PageSpinner } from '../../../components/PageSpinner';
import NotFoundPage from '../../errors/NotFoundPage';
import { pluginApi, type PluginField } from './api';

const LIST_KEY = ['admin', 'plugins'];

/** The installed plugins list. */
export default function PluginsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.installed_plugins'));
  const qc = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: LIST_KEY, queryFn: pluginApi.list });
  const toggle = async (slug: string, enabled: boolean) => {
    await pluginApi.setStatus(slug, enabled);
    await qc.invalidateQueries({ queryKey: LIST_KEY });
    await qc.invalidateQueries({ queryKey: ['/answer/api/v1/connector/info'] });
  };
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{t('admin.nav.installed_plugins')}</h2>
      {isLoading ? (
        <PageSpinner />
      ) : !data?.length ? (
        <div className="card">
          <div className="card-body text-body-secondary">{t('admin.plugins.none')}</div>
        </div>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle">
            <thead>
              <tr>
                <th scope="col">{t('plugins.admin.name')}</th>
                <th scope="col">{t('plugins.admin.status')}</th>
                <th scope="col">{t('plugins.admin.action')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.slug_name} data-plugin={p.slug_name}>
                  <td>
                    <div className="fw-semibold">
                      {p.name} <span className="text-body-secondary small">{p.version}</span>
                    </div>
                    <div className="small text-body-secondary">{p.description}</div>
                    {p.last_error && <div className="small text-danger mt-1">{t('plugins.admin.last_error', { error: p.last_error })}</div>}
                  </td>
                  <td>{p.enabled ? t('plugins.admin.active') : t('plugins.admin.inactive')}</td>
                  <td className="text-nowrap">
                    <Form.Check type="switch" id={`plugin-${p.slug_name}`} label={t('plugins.admin.enabled')} checked={p.enabled} onChange={(e) => void toggle(p.slug_name, e.currentTarget.checked)} />
                    {p.have_config && (
                      <Link to={`/admin/${p.slug_name}`} className="small">
                        {t('plugins.admin.settings')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A plugin's configuration page at /admin/{slug_name}; unknown slugs show the not-found page. */
export function PluginConfigPage() {
  const { slugName = '' } = useParams();
  const { data, isLoading, error } = useQuery({ queryKey: ['admin', 'plugin-config', slugName], queryFn: () => pluginApi.config(slugName), retry: false });
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <NotFoundPage />;
  return <ConfigForm slug={slugName} name={data.name} description={data.description} fields={data.config_fields} />;
}

function ConfigForm({ slug, name, description, fields }: { slug: string; name: string; description: string; fields: PluginField[] }) {
  const { t } = useTranslation();
  usePageTitle(name);
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  // A fresh form (first load, after saving) starts from the stored values; secrets start empty.
  useEffect(() => setValues(Object.fromEntries(fields.map((f) => [f.name, f.value]))), [fields]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await pluginApi.saveConfig(slug, values);
      toast(t('plugins.admin.saved'), 'success');
      await qc.invalidateQueries({ queryKey: ['admin', 'plugin-config', slug] });
    } catch (err) {
      const fieldErrs = err instanceof ApiError ? err.fieldErrors : [];
      if (fieldErrs.length) setErrors(Object.fromEntries(fieldErrs.map((f) => [f.error_field, f.error_msg])));
      else toast(err instanceof Error ? err.message : t('admin.form.save_failed'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-1">{name}</h2>
      <p className="text-body-secondary">{description}</p>
      <Form noValidate onSubmit={submit} style={{ maxWidth: 640 }}>
        {fields.map((f) => (
          <Form.Group key={f.name} className="mb-3" controlId={`plugin-field-${f.name}`}>
            {f.type === 'switch' ? (
              <Form.Check type="switch" label={f.title} checked={values[f.name] === true} onChange={(e) => set(f.name, e.currentTarget.checked)} />
            ) : (
              <>
                <Form.Label>
                  {f.title}
                  {f.required && <span className="text-danger ms-1" aria-hidden="true">*</span>}
                </Form.Label>
                {f.type === 'select' ? (
                  <Form.Select value={String(values[f.name] ?? '')} isInvalid={!!errors[f.name]} onChange={(e) => set(f.name, e.currentTarget.value)}>
                    <option value="" />
                    {f.options.map((o) => (
                      <option key={o.value} value={o.value}>{o.label}</option>
                    ))}
                  </Form.Select>
                ) : (
                  <Form.Control
                    as={f.type === 'textarea' ? 'textarea' : 'input'}
                    type={f.secret ? 'password' : (f.ui_options.input_type ?? 'text')}
                    autoComplete={f.secret ? 'new-password' : 'off'}
                    placeholder={f.secret && f.is_set ? t('plugins.admin.secret_set') : undefined}
                    value={String(values[f.name] ?? '')}
                    isInvalid={!!errors[f.name]}
                    required={f.required && !(f.secret && f.is_set)}
                    onChange={(e) => set(f.name, e.currentTarget.value)}
                  />
                )}
                <Form.Control.Feedback type="invalid">{errors[f.name]}</Form.Control.Feedback>
              </>
            )}
            {f.secret && f.is_set && <Form.Text className="d-block">{t('plugins.admin.secret_hint')}</Form.Text>}
            {f.description && <Form.Text className="d-block text-body-secondary">{f.description}</Form.Text>}
          </Form.Group>
        ))}
        {Object.keys(errors).length > 0 && <Alert variant="danger">{t('plugins.admin.fix_errors')}</Alert>}
        <Button type="submit" disabled={busy}>
          {t('plugins.admin.save')}
        </Button>
      </Form>
    </section>
  );
}
