/**
 * /admin/saml (modules/saml; GET/PUT /admin/api/saml/settings, POST /admin/api/saml/test): SAML 2.0 single sign-on.
 * Shows the addresses to give the identity provider (metadata, ACS, single logout), the settings, and "Test" which
 * checks the form as it stands, without saving: the certificate is readable and not expired, the sign-on address
 * answers.
 */
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { SAML_NAME_ID_FORMATS, type SamlSettings } from '@quorum/contract';
import { api } from '../../lib/api';
import { ADMIN_API } from '../admin/api';
import { SettingsFrame, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';
import { useConnectionTest } from '../admin/settings/useConnectionTest';

const PATH = `${ADMIN_API}/saml/settings`;
const TEST_PATH = `${ADMIN_API}/saml/test`;
const SWITCHES = ['enabled', 'want_response_signed', 'allow_idp_initiated'] as const;

/** Form values -> the settings body (the clock skew a number when it is one). */
function toBody(f: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...f };
  const skew = String(f.clock_skew_seconds).trim();
  out.clock_skew_seconds = /^\d+$/.test(skew) ? Number(skew) : skew;
  return out;
}

/** The SAML settings page. */
export default function SamlSettingsPage() {
  const { t } = useTranslation();
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'enabled', kind: 'switch' },
      { name: 'name', kind: 'text', maxLength: 60 },
      { name: 'idp_entity_id', kind: 'text' },
      { name: 'idp_sso_url', kind: 'text' },
      { name: 'idp_slo_url', kind: 'text' },
      { name: 'idp_cert', kind: 'textarea', rows: 4 },
      { name: 'sp_entity_id', kind: 'text' },
      { name: 'want_response_signed', kind: 'switch' },
      { name: 'allow_idp_initiated', kind: 'switch' },
      { name: 'clock_skew_seconds', kind: 'text', maxLength: 3 },
      { name: 'name_id_format', kind: 'select', options: SAML_NAME_ID_FORMATS.map((v) => ({ value: v, label: v || t('admin.saml.name_id_format_any') })) },
      { name: 'attr_username', kind: 'text' },
      { name: 'attr_display_name', kind: 'text' },
      { name: 'attr_email', kind: 'text' },
      { name: 'attr_groups', kind: 'text' },
    ],
    [t],
  );
  const opts = useMemo(
    () => ({
      id: 'saml',
      load: () => api.get<SamlSettings>(PATH),
      save: (body: unknown) => api.put<void>(PATH, body),
      toForm: (d: SamlSettings): FormValues => {
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
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const test = useConnectionTest(TEST_PATH, t('admin.saml.test'), () => toBody(state.form), state.ready);


  return (
    <>
      <Alert variant="secondary" className="q-admin-form small">
        <div className="fw-semibold mb-1">{t('admin.saml.sp_addresses')}</div>
        <dl className="mb-0">
          <dt>{t('admin.saml.metadata_url')}</dt>
          <dd className="text-break">
            <a href="/answer/api/v1/saml/metadata">{`${origin}/answer/api/v1/saml/metadata`}</a>
          </dd>
          <dt>{t('admin.saml.acs_url')}</dt>
          <dd className="text-break">{`${origin}/answer/api/v1/saml/acs`}</dd>
          <dt>{t('admin.saml.slo_url')}</dt>
          <dd className="text-break mb-0">{`${origin}/answer/api/v1/saml/slo`}</dd>
        </dl>
      </Alert>
      <SettingsFrame
        page="saml"
        state={state}
        fields={fields}
        extraActions={test.button}
      />
      {test.panel}
    </>
  );
}
