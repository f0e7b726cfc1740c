/**
 * Customize pages (spec §2): /admin/themes (Answer's SiteThemeReq: theme, colour scheme, per-theme navbar style
 * and primary colour) and /admin/css-html (SiteCustomCssHTMLReq). What they change on the public site belongs
 * to the site's customization; here they are edited, saved and read back. The CSS/HTML page can preview the
 * unsaved CSS with the header, sidebar and footer HTML in a sandboxed frame (no script runs there), and reset
 * everything to empty in one click, so a broken snippet is easy to take back.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDialog } from '../ConfirmDialog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRIMARY_COLOR } from '@quorum/contract';
import { PageSpinner } from '../../../components/PageSpinner';
import { primaryColorChecks } from '../../../lib/contrast';
import { ADMIN_KEY, fetchSiteinfo, fetchThemeOptions, saveSiteinfo } from '../api';
import { SETTINGS_SCHEMAS } from './schemas';
import { SettingsFrame, SpecField, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues } from './useSettingsForm';

type ThemeConfig = Record<string, { navbar_style?: string; primary_color?: string }>;
type ThemeData = Record<string, unknown> & { theme?: string; color_scheme?: string; theme_config?: ThemeConfig };

/** /admin/themes */
export function ThemesPage() {
  const { t } = useTranslation();
  const { data: themes } = useQuery({ queryKey: [ADMIN_KEY, 'theme-options'], queryFn: fetchThemeOptions, staleTime: 60_000 });
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'theme', kind: 'select', options: (themes ?? []).map((o) => ({ value: o.value, label: o.label })) },
      { name: 'color_scheme', kind: 'select', options: ['system', 'light', 'dark'].map((v) => ({ value: v, label: t(`admin.themes.scheme_${v}`) })) },
      { name: 'navbar_style', kind: 'select', options: ['colored', 'light', 'dark'].map((v) => ({ value: v, label: t(`admin.themes.navbar_${v}`) })) },
      { name: 'primary_color', kind: 'text', maxLength: 7 },
    ],
    [themes, t],
  );
  const opts = useMemo(
    () => ({
      id: 'theme',
      load: () => fetchSiteinfo<ThemeData>('theme'),
      save: (body: unknown) => saveSiteinfo('theme', body),
      toForm: (d: ThemeData): FormValues => {
        const theme = d.theme || 'default';
        const cfg = d.theme_config?.[theme] ?? {};
        return { theme, color_scheme: d.color_scheme || 'system', navbar_style: cfg.navbar_style || 'colored', primary_color: cfg.primary_color || DEFAULT_PRIMARY_COLOR };
      },
      toBody: (f: FormValues, d: ThemeData) => {
        const theme = String(f.theme);
        return { theme, color_scheme: f.color_scheme, theme_config: { ...(d.theme_config ?? {}), [theme]: { navbar_style: f.navbar_style, primary_color: String(f.primary_color).trim() } } };
      },
      schema: SETTINGS_SCHEMAS.theme ?? null,
      rename: (field: string) => (field.startsWith('theme_config') ? (field.endsWith('navbar_style') ? 'navbar_style' : 'primary_color') : field.split('.')[0]!),
    }),
    [],
  );
  const state = useSettingsForm(opts);
  const failing = (primaryColorChecks(String(state.form.primary_color ?? ''), String(state.form.navbar_style ?? 'colored')) ?? []).filter((c) => !c.passes);
  if (!themes) return <PageSpinner />;
  return (
    <SettingsFrame page="themes" state={state}>
      {fields.slice(0, 3).map((f) => (
        <SpecField key={f.name} page="themes" spec={f} state={state} />
      ))}
      <div className="mb-3">
        <label className="form-label fw-medium" htmlFor="q-primary-color">
          {t('admin.themes.primary_color')}
        </label>
        <div className="d-flex gap-2 align-items-center">
          <input type="color" className="form-control form-control-color" aria-label={t('admin.themes.primary_color_picker')} value={/^#[0-9a-fA-F]{6}$/.test(String(state.form.primary_color)) ? String(state.form.primary_color) : DEFAULT_PRIMARY_COLOR} onChange={(e) => state.set('primary_color', e.target.value)} />
          <input id="q-primary-color" name="primary_color" className={`form-control q-admin-color-text${state.errors.primary_color ? ' is-invalid' : ''}`} value={String(state.form.primary_color ?? '')} maxLength={7} onChange={(e) => state.set('primary_color', e.target.value)} aria-invalid={state.errors.primary_color ? true : undefined} aria-describedby="q-primary-color-contrast" />
        </div>
        {state.errors.primary_color && <div className="invalid-feedback d-block">{state.errors.primary_color}</div>}
        <div id="q-primary-color-contrast" aria-live="polite" className="form-text text-warning-emphasis">
          {failing.length ? (
            <>
              {t('admin.theme_contrast.low')}
              <ul className="mb-0 ps-3">
                {failing.map((c) => (
                  <li key={c.place}>{t('admin.theme_contrast.place', { place: t(`admin.theme_contrast.${c.place}`), ratio: c.ratio })}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </SettingsFrame>
  );
}

const CSS_HTML: FieldSpec[] = ['custom_css', 'custom_head', 'custom_header', 'custom_footer', 'custom_sidebar'].map((name) => ({ name, kind: 'textarea', rows: 6, maxLength: 65536 }));

/** The preview document: the custom CSS and HTML around a sample page; shown in a frame that runs no script. */
function previewDocument(form: FormValues, sample: string): string {
  const field = (name: string) => String(form[name] ?? '');
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;margin:0}main{padding:1rem}</style><style>${field('custom_css').replace(/<\/style/gi, '<\\/style')}</style></head><body>${field('custom_header')}<main><h1>${sample}</h1><p>${sample}</p></main>${field('custom_sidebar')}${field('custom_footer')}</body></html>`;
}

/** /admin/css-html */
export function CssHtmlPage() {
  const { t } = useTranslation();
  const opts = useMemo(
    () => ({
      id: 'custom-css-html',
      load: () => fetchSiteinfo<Record<string, unknown>>('custom-css-html'),
      save: (body: unknown) => saveSiteinfo('custom-css-html', body),
      toForm: (d: Record<string, unknown>): FormValues => Object.fromEntries(CSS_HTML.map((f) => [f.name, typeof d[f.name] === 'string' ? (d[f.name] as string) : ''])),
      toBody: (f: FormValues) => Object.fromEntries(CSS_HTML.map((s) => [s.name, String(f[s.name] ?? '')])),
      schema: SETTINGS_SCHEMAS['custom-css-html'] ?? null,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  const [preview, setPreview] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  // The reset saves once every field is empty in the form (set() takes effect on the next render).
  useEffect(() => {
    if (resetting && CSS_HTML.every((f) => state.form[f.name] === '')) {
      setResetting(false);
      void state.submit();
    }
  }, [resetting, state]);
  const actions = (
    <>
      <Button type="button" variant="outline-secondary" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
        {t('admin.css_html.preview')}
      </Button>
      <Button type="button" variant="outline-danger" disabled={state.busy} onClick={() => setConfirmReset(true)}>
        {t('admin.css_html.reset')}
      </Button>
    </>
  );
  return (
    <>
      <SettingsFrame page="css_html" state={state} extraActions={actions}>
        {CSS_HTML.map((f) => (
          <SpecField key={f.name} page="css_html" spec={f} state={state} />
        ))}
        {preview && (
          <iframe
            title={t('admin.css_html.preview_title')}
            className="w-100 border rounded mb-3 q-css-preview"
            style={{ height: 320 }}
            sandbox=""
            srcDoc={previewDocument(state.form, t('admin.css_html.preview_sample'))}
          />
        )}
      </SettingsFrame>
      <ConfirmDialog
        show={confirmReset}
        title={t('admin.css_html.reset_title')}
        message={t('admin.css_html.reset_message')}
        confirmLabel={t('admin.css_html.reset')}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          for (const f of CSS_HTML) state.set(f.name, '');
          setResetting(true);
        }}
      />
    </>
  );
}
