/**
 * /admin/branding (issue "Branding"; Answer's SiteBrandingReq): logo, mobile logo, square icon and favicon. Each
 * is an address (a site path or a full URL) or an image uploaded here: uploads go through POST /file with
 * source `branding` (checked by content on the server, which also makes the square icon sizes browsers ask for:
 * 32, 180, 192, 512), and the returned address fills the field; Save stores the section.
 */
import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { api, ApiError } from '../../../lib/api';
import { fetchSiteinfo, saveSiteinfo } from '../api';
import { SETTINGS_SCHEMAS } from './schemas';
import { SettingsFrame, SpecField, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues, type SettingsForm } from './useSettingsForm';

type Data = Record<string, unknown>;

const BRANDING: FieldSpec[] = ['logo', 'mobile_logo', 'square_icon', 'favicon'].map((name) => ({ name, kind: 'text', maxLength: 512 }));

/** The upload button and preview of one branding image. */
function BrandingUpload({ name, state }: { name: string; state: SettingsForm }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const value = String(state.form[name] ?? '');
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > LIMITS.imageMaxBytes) return setError(t('admin.branding.upload_too_large'));
    const form = new FormData();
    form.append('source', 'branding');
    form.append('file', file);
    setBusy(true);
    try {
      state.set(name, await api.upload<string>('/answer/api/v1/file', form));
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) setError(err instanceof ApiError ? (err.fieldError('file') ?? err.message) : t('admin.branding.upload_failed'));
    } finally {
      setBusy(false);
    }
  };
  const inputId = `q-branding-upload-${name}`;
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-4 mt-n2">
      {value ? <img src={value} alt="" height={40} className="border rounded bg-body-tertiary p-1" /> : null}
      <label htmlFor={inputId} className={`btn btn-sm btn-outline-secondary mb-0${busy ? ' disabled' : ''}`}>
        {t('admin.branding.upload', { field: t(`admin.branding.${name}`) })}
      </label>
      <input id={inputId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="visually-hidden" onChange={(e) => void upload(e)} disabled={busy} />
      {error ? (
        <span className="text-danger small" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** /admin/branding */
export function BrandingPage() {
  const opts = useMemo(
    () => ({
      id: 'branding',
      load: () => fetchSiteinfo<Data>('branding'),
      save: (body: unknown) => saveSiteinfo('branding', body),
      toForm: (d: Data): FormValues => Object.fromEntries(BRANDING.map((f) => [f.name, typeof d[f.name] === 'string' ? (d[f.name] as string) : ''])),
      toBody: (f: FormValues, d: Data) => ({ ...d, ...Object.fromEntries(BRANDING.map((s) => [s.name, String(f[s.name] ?? '').trim()])) }),
      schema: SETTINGS_SCHEMAS.branding ?? null,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return (
    <SettingsFrame page="branding" state={state}>
      {BRANDING.map((f) => (
        <div key={f.name}>
          <SpecField page="branding" spec={f} state={state} />
          <BrandingUpload name={f.name} state={state} />
        </div>
      ))}
    </SettingsFrame>
  );
}
