/** The admin plugin calls (spec §7; Answer's GetPluginListResp and GetPluginConfigResp shapes). */
import { api } from '../../../lib/api';
import type { PluginConfigForm, PluginValues } from '../../plugin-config/types';

export interface PluginRow {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  enabled: boolean;
  have_config: boolean;
  link: string;
  kinds: string[];
  last_error: string;
  last_error_at: number;
}

export type { PluginConfigForm, PluginField } from '../../plugin-config/types';

const ADMIN = '/answer/admin/api';

export const pluginApi = {
  list: () => api.get<PluginRow[]>(`${ADMIN}/plugins`),
  setStatus: (slug: string, enabled: boolean) => api.put<null>(`${ADMIN}/plugin/status`, { plugin_slug_name: slug, enabled }),
  config: (slug: string) => api.get<PluginConfigForm>(`${ADMIN}/plugin/config`, { plugin_slug_name: slug }, { passingError: true }),
  saveConfig: (slug: string, fields: PluginValues) => api.put<null>(`${ADMIN}/plugin/config`, { plugin_slug_name: slug, config_fields: fields }, { passingError: true }),
};
