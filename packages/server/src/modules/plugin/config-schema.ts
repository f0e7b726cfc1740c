/**
 * A plugin's declared configuration form (plugins/plugin-api `ConfigField`) against what an administrator or a
 * member submits: validation, storage form, and the wire form of Answer's schema.ConfigField in which secrets are
 * never sent back (spec §7; the issue's "secrets are never sent back to the browser, only 'set'").
 */
import type { ConfigField, PluginConfig } from '@quorum/plugin-api';
import type { FieldIssue } from '../../core/errors.js';

/** Answer's schema.ConfigField as the admin and settings forms receive it, plus `secret` / `is_set`. */
export interface ConfigFieldWire {
  name: string;
  type: string;
  title: string;
  description: string;
  required: boolean;
  value: string | boolean;
  options: { label: string; value: string }[];
  ui_options: { input_type?: string; placeholder?: string };
  /** the value is never sent; `is_set` tells whether one is stored */
  secret: boolean;
  is_set: boolean;
}

function asString(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v.trim() : String(v);
}

function validUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks submitted values against the declared fields and merges them into the stored configuration.
 * Unknown names are dropped; an empty secret keeps the stored one (the form never had it); switches become
 * 'true' / 'false'; selects must name one of their options; `url` inputs must be http(s) URLs.
 * @returns the configuration to store, or the field issues (reason keys) when something is wrong
 */
export function mergeConfig(fields: readonly ConfigField[], stored: PluginConfig, submitted: Record<string, unknown>): { config: Record<string, string>; issues: FieldIssue[] } {
  const config: Record<string, string> = {};
  const issues: FieldIssue[] = [];
  for (const f of fields) {
    const present = Object.prototype.hasOwnProperty.call(submitted, f.name);
    let value = present ? asString(submitted[f.name]) : (stored[f.name] ?? f.default ?? '');
    if (f.secret && value === '') value = stored[f.name] ?? '';
    if (f.type === 'switch') value = value === 'true' ? 'true' : 'false';
    if (value.length > 10_000) issues.push({ field: f.name, message: 'error.form.is_invalid' });
    else if (f.required && value === '') issues.push({ field: f.name, message: 'error.form.cannot_be_empty' });
    else if (value !== '' && f.type === 'select' && !(f.options ?? []).some((o) => o.value === value)) issues.push({ field: f.name, message: 'error.form.is_invalid' });
    else if (value !== '' && f.format === 'url' && !validUrl(value)) issues.push({ field: f.name, message: 'error.form.is_invalid' });
    else if (value !== '' && f.format === 'email' && !/^[^\s@]+@[^\s@]+$/.test(value)) issues.push({ field: f.name, message: 'error.form.email_invalid' });
    config[f.name] = value;
  }
  return { config, issues };
}

/** The stored configuration with defaults filled in for fields never saved. */
export function withDefaults(fields: readonly ConfigField[], stored: PluginConfig): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) out[f.name] = stored[f.name] ?? f.default ?? '';
  return out;
}

/** Labels of the required fields that have no value in `stored` (defaults count as values), in form order. */
export function missingRequired(fields: readonly ConfigField[], stored: PluginConfig): string[] {
  const values = withDefaults(fields, stored);
  return fields.filter((f) => f.required && f.type !== 'switch' && !values[f.name]).map((f) => f.label);
}

/** The form for a browser: each field with its value, secrets as '' with `is_set`. */
export function presentFields(fields: readonly ConfigField[], stored: PluginConfig): ConfigFieldWire[] {
  const values = withDefaults(fields, stored);
  return fields.map((f) => {
    const raw = values[f.name] ?? '';
    return {
      name: f.name,
      type: f.type,
      title: f.label,
      description: f.description ?? '',
      required: Boolean(f.required),
      value: f.secret ? '' : f.type === 'switch' ? raw === 'true' : raw,
      options: (f.options ?? []).map((o) => ({ label: o.label, value: o.value })),
      ui_options: f.secret ? { input_type: 'password' } : f.format && f.format !== 'text' ? { input_type: f.format } : {},
      secret: Boolean(f.secret),
      is_set: f.secret ? raw !== '' : false,
    };
  });
}

/** Parses a stored JSON configuration; anything but an object of strings reads as empty. */
export function parseStoredConfig(json: string | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => typeof x === 'string')) as Record<string, string>;
  } catch {
    return {};
  }
}
