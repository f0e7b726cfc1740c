/**
 * Steps 5 and 6: site information and the admin account (POST /installation/base-info takes both).
 */
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import { InstallBaseInfoReq, LIMITS } from '@quorum/contract';
import TextField from '../auth/TextField';
import { schemaErrors, type FieldErrors } from '../../lib/formErrors';
import { StepLayout } from './StepLayout';
import type { BaseInfoForm } from './api';

/** Fields of the site-information step; server errors on these send the person back to it. */
export const SITE_FIELDS = ['site_name', 'site_url', 'contact_email', 'login_required', 'lang'] as const;

const siteSchema = InstallBaseInfoReq.pick({ site_name: true, site_url: true, contact_email: true });
const adminSchema = InstallBaseInfoReq.pick({ name: true, email: true, password: true });

/** Client check of the site step (spec §5: site name ≤ 30, site URL ≤ 512, e-mail pattern); message keys by field. */
export function checkSiteForm(form: BaseInfoForm): FieldErrors {
  return schemaErrors(siteSchema, form);
}

/** Client check of the admin step (username ≤ 30 of a-z 0-9 - . _, e-mail, password 8-32); message keys by field. */
export function checkAdminForm(form: BaseInfoForm): FieldErrors {
  return schemaErrors(adminSchema, form);
}

interface FormStepProps {
  form: BaseInfoForm;
  errors: FieldErrors;
  alert: string | null;
  busy?: boolean;
  onChange: (patch: Partial<BaseInfoForm>) => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 5: name, address and contact of the site; whether visitors must log in. */
export function SiteStep({ form, errors, alert, onChange, onNext, onBack }: FormStepProps) {
  const { t } = useTranslation();
  return (
    <StepLayout title={t('install.site.title')} intro={t('install.site.intro')} alert={alert} onSubmit={onNext} onBack={onBack}>
      <TextField
        name="site_name"
        label={t('install.site.name')}
        value={form.site_name}
        onChange={(v) => onChange({ site_name: v })}
        error={errors.site_name}
        hint={t('install.site.name_hint', { max: LIMITS.siteNameMax })}
        autoFocus
        required
      />
      <TextField
        name="site_url"
        type="url"
        label={t('install.site.url')}
        value={form.site_url}
        onChange={(v) => onChange({ site_url: v })}
        error={errors.site_url}
        hint={t('install.site.url_hint')}
        required
      />
      <TextField
        name="contact_email"
        type="email"
        label={t('install.site.contact_email')}
        value={form.contact_email}
        onChange={(v) => onChange({ contact_email: v })}
        error={errors.contact_email}
        hint={t('install.site.contact_email_hint')}
        autoComplete="email"
        required
      />
      <Form.Group controlId="install-login-required">
        <Form.Check
          type="switch"
          label={t('install.site.login_required')}
          checked={form.login_required}
          onChange={(e) => onChange({ login_required: e.target.checked })}
          isInvalid={!!errors.login_required}
          feedback={errors.login_required}
          feedbackType="invalid"
        />
        <Form.Text className="d-block">{t('install.site.login_required_hint')}</Form.Text>
      </Form.Group>
    </StepLayout>
  );
}

/** Step 6: the first admin account; Next installs the site. */
export function AdminStep({ form, errors, alert, busy, onChange, onNext, onBack }: FormStepProps) {
  const { t } = useTranslation();
  return (
    <StepLayout
      title={t('install.admin.title')}
      intro={t('install.admin.intro')}
      alert={alert}
      busy={busy}
      onSubmit={onNext}
      onBack={onBack}
      submitLabel={t('install.admin.submit')}
    >
      <TextField
        name="name"
        label={t('install.admin.username')}
        value={form.name}
        onChange={(v) => onChange({ name: v })}
        error={errors.name}
        hint={t('auth.hints.username', { max: LIMITS.usernameMax })}
        autoComplete="username"
        autoFocus
        required
      />
      <TextField
        name="email"
        type="email"
        label={t('install.admin.email')}
        value={form.email}
        onChange={(v) => onChange({ email: v })}
        error={errors.email}
        autoComplete="email"
        required
      />
      <TextField
        name="password"
        type="password"
        label={t('install.admin.password')}
        value={form.password}
        onChange={(v) => onChange({ password: v })}
        error={errors.password}
        hint={t('auth.hints.password', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
        autoComplete="new-password"
        required
      />
    </StepLayout>
  );
}
