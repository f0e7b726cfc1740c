/**
 * A plugin's configuration form as the server sends it (Answer's schema.GetPluginConfigResp and ConfigField, plus
 * `secret` / `is_set`: a secret's value never comes back, only whether one is stored). The same shape serves the
 * admin form (GET /admin/api/plugin/config) and a member's settings (GET /user/plugin/config).
 */

/** One field of the form. */
export interface PluginField {
  name: string;
  type: 'input' | 'textarea' | 'select' | 'switch';
  title: string;
  description: string;
  required: boolean;
  /** the stored value ('' for a secret); a boolean for a switch */
  value: string | boolean;
  options: { label: string; value: string }[];
  ui_options: { input_type?: string };
  secret: boolean;
  /** for a secret: whether a value is stored */
  is_set: boolean;
}

/** The whole form with the plugin it belongs to. */
export interface PluginConfigForm {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: PluginField[];
}

/** The values a form submits: field name -> text, or a boolean for a switch. */
export type PluginValues = Record<string, string | boolean>;
