/**
 * /admin/installed-plugins and /admin/{slug_name} (spec §2, §7): the installed plugins with their state, an
 * on/off switch, the last error a hook threw, and a link to each plugin's configuration form, which is drawn from
 * the plugin's declared fields (features/plugin-config, shared with members' plugin settings). Secret fields are
 * never filled in: the form says whether one is set, and leaving it empty keeps it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../../components/Link';
import Form from 'react-bootstrap/Form';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PageSpinner } from '../../../components/PageSpinner';
import NotFoundPage from '../../errors/NotFoundPage';
import PluginFieldsForm, { LoadFailed } from '../../plugin-config/PluginFieldsForm';
import { ApiError } from '../../../lib/api';
import { pluginApi, type PluginField } from './api';

const LIST_KEY = ['admin', 'plugins'];

/** The installed plugins list. */
export default function PluginsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.nav.installed_plugins'));
  const qc = useQueryClient();
  const { data, isLoading, isError, refetch } = useQuery({ queryKey: LIST_KEY, queryFn: pluginApi.list });
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
      ) : isError ? (
        <LoadFailed message={t('plugins.admin.load_failed')} retry={refetch} />
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
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useQuery({ queryKey: ['admin', 'plugin-config', slugName], queryFn: () => pluginApi.config(slugName), retry: false });
  if (isLoading) return <PageSpinner />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  if (error || !data) return <LoadFailed message={t('plugins.form.load_failed')} retry={refetch} />;
  return <ConfigForm slug={slugName} name={data.name} description={data.description} fields={data.config_fields} />;
}

function ConfigForm({ slug, name, description, fields }: { slug: string; name: string; description: string; fields: PluginField[] }) {
  const { t } = useTranslation();
  usePageTitle(name);
  const qc = useQueryClient();
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-1">{name}</h2>
      <p className="text-body-secondary">{description}</p>
      <PluginFieldsForm
        fields={fields}
        save={(values) => pluginApi.saveConfig(slug, values)}
        onSaved={() => qc.invalidateQueries({ queryKey: ['admin', 'plugin-config', slug] })}
        savedMessage={t('plugins.form.saved')}
        submitLabel={t('plugins.form.save')}
      />
    </section>
  );
}
