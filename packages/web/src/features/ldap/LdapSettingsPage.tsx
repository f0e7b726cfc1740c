/**
 * /admin/ldap (modules/ldap; GET/PUT /admin/api/ldap/settings, POST /admin/api/ldap/test): directory login.
 * The stored bind password comes back masked and is kept when the mask is sent back (with the same address and
 * bind DN). "Test connection" tries the form as it stands, without saving, and shows the stage it reached with
 * the directory's own error text.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LDAP_BIND_MODES, LDAP_GROUP_SOURCES, type LdapSettings } from '@quorum/contract';
import { api } from '../../lib/api';
import { ADMIN_API } from '../admin/api';
import { SettingsFrame, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';
import { useConnectionTest } from '../admin/settings/useConnectionTest';

const PATH = `${ADMIN_API}/ldap/settings`;
const TEST_PATH = `${ADMIN_API}/ldap/test`;
const SWITCHES = ['enabled', 'start_tls'] as const;

/** Form values -> the settings body (text fields trimmed by the server; the timeout a number when it is one). */
function toBody(f: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) out[k] = v;
  const timeout = String(f.timeout_seconds).trim();
  out.timeout_seconds = /^\d+$/.test(timeout) ? Number(timeout) : timeout;
  return out;
}

/** The directory login settings page. */
export default function LdapSettingsPage() {
  const { t } = useTranslation();
  const search = (f: FormValues) => f.bind_mode === 'search';
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'enabled', kind: 'switch' },
      { name: 'name', kind: 'text', maxLength: 60 },
      { name: 'url', kind: 'text' },
      { name: 'start_tls', kind: 'switch' },
      { name: 'tls_ca', kind: 'textarea', rows: 3 },
      { name: 'bind_mode', kind: 'select', options: LDAP_BIND_MODES.map((v) => ({ value: v, label: t(`admin.ldap.bind_mode_${v}`) })) },
      { name: 'bind_dn', kind: 'text', when: search },
      { name: 'bind_password', kind: 'password', when: search },
      { name: 'search_base', kind: 'text', when: search },
      { name: 'user_filter', kind: 'text', when: search },
      { name: 'user_dn_template', kind: 'text', when: (f) => !search(f) },
      { name: 'attr_username', kind: 'text' },
      { name: 'attr_display_name', kind: 'text' },
      { name: 'attr_email', kind: 'text' },
      { name: 'attr_id', kind: 'text' },
      { name: 'group_source', kind: 'select', options: LDAP_GROUP_SOURCES.map((v) => ({ value: v, label: t(`admin.ldap.group_source_${v}`) })) },
      { name: 'attr_member_of', kind: 'text', when: (f) => f.group_source === 'member_of' },
      { name: 'group_search_base', kind: 'text', when: (f) => f.group_source === 'search' },
      { name: 'group_filter', kind: 'text', when: (f) => f.group_source === 'search' },
      { name: 'attr_group_name', kind: 'text', when: (f) => f.group_source !== 'none' },
      { name: 'timeout_seconds', kind: 'text', maxLength: 2 },
    ],
    [t],
  );
  const opts = useMemo(
    () => ({
      id: 'ldap',
      load: () => api.get<LdapSettings>(PATH),
      save: (body: unknown) => api.put<void>(PATH, body),
      toForm: (d: LdapSettings): FormValues => {
        const out: FormValues = {};
        for (const [k, v] of Object.entries(d)) out[k] = (SWITCHES as readonly string[]).includes(k) ? v === true : String(v ?? '');
        return out;
      },
      toBody: (f: FormValues) => toBody(f),
      schema: null,
    }),
    [],
  );
  const state = useSettingsForm(opts);

  const test = useConnectionTest(TEST_PATH, t('admin.ldap.test'), () => toBody(state.form), state.ready);


  return (
    <>
      <SettingsFrame
        page="ldap"
        state={state}
        fields={fields}
        extraActions={test.button}
      />
      {test.panel}
    </>
  );
}
