/** The admin plugin calls (spec §7; Answer's GetPluginListResp and GetPluginConfigResp shapes). */
import { api } from '../../../lib/api';

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

export interface PluginField {
  name: string;
  type: 'input' | 'textarea' | 'select' | 'switch';
  title: string;
  description: string;
  required: boolean;
  value: string | boolean;
  options: { label: string; value: string }[];
  ui_options: { input_type?: string };
  secret: boolean;
  is_set: boolean;
}

export interface PluginConfigForm {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: PluginField[];
}

const ADMIN = '/answer/admin/api';

export const pluginApi = {
  list: () => api.get<PluginRow[]>(`${ADMIN}/plugins`),
  setStatus: (slug: string, enabled: boolean) => api.put<null>(`${ADMIN}/plugin/status`, { plugin_slug_name: slug, enabled }),
  config: (slug: string) => api.get<PluginConfigForm>(`${ADMIN}/plugin/config`, { plugin_slug_name: slug }, { passingError: true }),
  saveConfig: (slug: string, fields: Record<string, string | boolean>) => api.put<null>(`${ADMIN}/plugin/config`, { plugin_slug_name: slug, config_fields: fields }, { passingError: true }),
};
