/**
 * /users/settings/{slug_name} (spec §2: "{slug_name} for plugin settings"): a member's own settings of a plugin
 * that declares a `user_config` form, drawn like the admin form (features/plugin-config). GET/PUT
 * /user/plugin/config; a secret is never sent back, only whether it is set. Unsaved changes ask before the page
 * is left, like the other settings pages. An unknown slug, a plugin that is off
 * or has no member settings answers 404 and shows the not-found page.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { api, ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../errors/NotFoundPage';
import PluginFieldsForm, { LoadFailed } from '../plugin-config/PluginFieldsForm';
import type { PluginConfigForm, PluginValues } from '../plugin-config/types';
import { useUnsavedChanges } from './useUnsavedChanges';

const V1 = '/answer/api/v1';

/** GET /user/plugin/configs: the enabled plugins with member settings, for the settings navigation. */
export const USER_PLUGINS_KEY = [`${V1}/user/plugin/configs`];

/** Reads the list of plugins with member settings. */
export function fetchUserPlugins(): Promise<{ name: string; slug_name: string }[]> {
  return api.get<{ name: string; slug_name: string }[]>(`${V1}/user/plugin/configs`, undefined, { passingError: true });
}

/** The page for the plugin named in the URL. */
export default function PluginSettingsForm() {
  const { t } = useTranslation();
  const { slugName = '' } = useParams();
  const qc = useQueryClient();
  const key = [`${V1}/user/plugin/config`, slugName];
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<PluginConfigForm>(`${V1}/user/plugin/config`, { plugin_slug_name: slugName }, { passingError: true }),
    retry: false,
    staleTime: 0,
  });
  usePageTitle(query.data?.name ?? t('settings.title'));
  if (query.isLoading) return <PageSpinner />;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
  if (query.isError || !query.data) return <LoadFailed message={t('settings.load_failed')} retry={query.refetch} />;
  const form = query.data;
  return (
    <section aria-labelledby="q-plugin-settings-title">
      <h2 id="q-plugin-settings-title" className="h5 mb-1">
        {form.name}
      </h2>
      {form.description && <p className="text-body-secondary small mb-3">{form.description}</p>}
      <PluginFieldsForm
        fields={form.config_fields}
        save={(values: PluginValues) => api.put<null>(`${V1}/user/plugin/config`, { plugin_slug_name: slugName, config_fields: values }, { passingError: true })}
        onSaved={() => qc.invalidateQueries({ queryKey: key })}
        savedMessage={t('settings.saved')}
        submitLabel={t('settings.save')}
        onDirtyChange={setDirty}
      />
    </section>
  );
}
