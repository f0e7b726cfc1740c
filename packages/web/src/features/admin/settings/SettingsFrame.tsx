/**
 * A settings page: title, description, the fields of a {@link SettingsForm}, the save button and the
 * 'Saved' note. Fields are described as data ({@link FieldSpec}); labels are `admin.<page>.<field>` and
 * hints `admin.<page>.<field>_hint` when that key exists.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import TextField from '../../auth/TextField';
import type { SettingsForm } from './useSettingsForm';

export interface FieldSpec {
  name: string;
  kind: 'text' | 'email' | 'url' | 'password' | 'textarea' | 'switch' | 'select' | 'number';
  maxLength?: number;
  rows?: number;
  /** select options: value -> label (already translated) */
  options?: { value: string; label: string }[];
  /** shown only when this returns true */
  when?: (form: SettingsForm['form']) => boolean;
}

function SelectField({ name, label, value, options, onChange, error, hint }: { name: string; label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void; error?: string; hint?: string }) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-medium">{label}</Form.Label>
      <Form.Select name={name} value={value} onChange={(e) => onChange(e.target.value)} isInvalid={!!error} aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      {hint && <Form.Text id={`${id}-hint`} className="d-block">{hint}</Form.Text>}
      {error && <Form.Control.Feedback type="invalid" id={`${id}-error`}>{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}

function SwitchField({ name, label, checked, onChange, error, hint }: { name: string; label: string; checked: boolean; onChange: (v: boolean) => void; error?: string; hint?: string }) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check type="switch" name={name} label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} isInvalid={!!error} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && <Form.Text id={`${id}-hint`} className="d-block ms-5">{hint}</Form.Text>}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}

/** Renders one field of `state` by its spec. */
export function SpecField({ page, spec, state }: { page: string; spec: FieldSpec; state: SettingsForm }) {
  const { t } = useTranslation();
  if (spec.when && !spec.when(state.form)) return null;
  const label = t(`admin.${page}.${spec.name}`);
  const hintText = t(`admin.${page}.${spec.name}_hint`, { defaultValue: '' }) || undefined;
  const value = state.form[spec.name];
  const error = state.errors[spec.name];
  const set = (v: string | boolean) => state.set(spec.name, v);
  if (spec.kind === 'switch') return <SwitchField name={spec.name} label={label} checked={value === true} onChange={set} error={error} hint={hintText} />;
  if (spec.kind === 'select') return <SelectField name={spec.name} label={label} value={String(value ?? '')} options={spec.options ?? []} onChange={set} error={error} hint={hintText} />;
  return (
    <TextField
      name={spec.name}
      label={label}
      value={String(value ?? '')}
      onChange={set}
      type={spec.kind === 'email' || spec.kind === 'url' || spec.kind === 'password' ? spec.kind : 'text'}
      rows={spec.kind === 'textarea' ? spec.rows ?? 4 : undefined}
      maxLength={spec.maxLength}
      error={error}
      hint={hintText}
    />
  );
}

/** The page around a settings form; `children` replaces the generated fields when given. */
export function SettingsFrame({ page, state, fields, children, extraActions }: { page: string; state: SettingsForm; fields?: FieldSpec[]; children?: ReactNode; extraActions?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`admin.nav.${page}`);
  usePageTitle(title);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void state.submit();
  };
  const description = t(`admin.${page}.intro`, { defaultValue: '' });
  return (
    <section aria-labelledby="q-admin-page-title" className="q-admin-settings">
      <h2 id="q-admin-page-title" className="h4 mb-1">
        {title}
      </h2>
      {description && <p className="text-body-secondary mb-4">{description}</p>}
      {!state.ready ? (
        <PageSpinner />
      ) : (
        <Form noValidate onSubmit={onSubmit} aria-busy={state.busy || undefined} className="q-admin-form">
          {state.alert && <Alert variant="danger">{state.alert}</Alert>}
          {children ?? fields?.map((f) => <SpecField key={f.name} page={page} spec={f} state={state} />)}
          <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
            <Button type="submit" variant="primary" disabled={state.busy}>
              {state.busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {t('admin.form.save')}
            </Button>
            {extraActions}
            <span role="status" className="text-success">
              {state.saved && !state.dirty ? t('admin.form.saved') : ''}
            </span>
            {state.dirty && <span className="text-body-secondary small">{t('admin.form.unsaved')}</span>}
          </div>
        </Form>
      )}
    </section>
  );
}
