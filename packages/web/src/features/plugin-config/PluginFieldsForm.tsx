/**
 * The form drawn from a plugin's declared fields (plugins/plugin-api `ConfigField`), shared by the admin page
 * `/admin/{slug_name}` and a member's `/users/settings/{slug_name}` (issue "Plugin system": configuration is a
 * declared schema the console renders as a form). Inputs, text areas, selects and switches with their labels, help
 * texts and field errors wired for assistive technology; a secret field is never filled in: it says whether a
 * value is stored, and leaving it empty keeps that value. Both pages load lazily, so this module does too.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { PluginField, PluginValues } from './types';

/** Props of {@link PluginFieldsForm}. */
export interface PluginFieldsFormProps {
  fields: PluginField[];
  /** sends the values; rejects with an ApiError whose `fieldErrors` name the fields at fault */
  save: (values: PluginValues) => Promise<unknown>;
  /** after a successful save, e.g. to read the form back (secrets then show as set) */
  onSaved?: () => Promise<unknown> | void;
  /** the toast after saving */
  savedMessage: string;
  /** the label of the submit button */
  submitLabel: string;
  /** told whether the form differs from the stored values (for an unsaved-changes prompt) */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The form; its values start from the fields' stored values whenever `fields` changes. */
export default function PluginFieldsForm({ fields, save, onSaved, savedMessage, submitLabel, onDirtyChange }: PluginFieldsFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PluginValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  // A fresh form (first load, after saving) starts from the stored values; secrets start empty.
  useEffect(() => setValues(Object.fromEntries(fields.map((f) => [f.name, f.value]))), [fields]);
  const dirty = fields.some((f) => f.name in values && values[f.name] !== f.value);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  if (!fields.length) return <p className="text-body-secondary">{t('plugins.form.no_fields')}</p>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      await save(values);
      toast(savedMessage, 'success');
      await onSaved?.();
    } catch (err) {
      const fieldErrs = err instanceof ApiError ? err.fieldErrors : [];
      if (fieldErrs.length) setErrors(Object.fromEntries(fieldErrs.map((f) => [f.error_field, f.error_msg])));
      else if (!(err instanceof ApiError && err.handled)) toast(err instanceof Error ? err.message : t('auth.errors.unknown'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-busy={busy || undefined} style={{ maxWidth: 640 }}>
      {fields.map((f) => (
        <FieldRow key={f.name} field={f} value={values[f.name]} error={errors[f.name]} onChange={(v) => set(f.name, v)} />
      ))}
      {Object.keys(errors).length > 0 && <Alert variant="danger">{t('plugins.form.fix_errors')}</Alert>}
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The error state of a page whose form or list could not be read: the message and a button to read it again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
      <span>{message}</span>
      <Button size="sm" variant="outline-danger" onClick={() => void retry()}>
        {t('plugins.form.retry')}
      </Button>
    </Alert>
  );
}

function FieldRow({ field: f, value, error, onChange }: { field: PluginField; value: string | boolean | undefined; error?: string; onChange: (v: string | boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const secretId = `${id}-secret`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [f.secret && f.is_set ? secretId : '', f.description ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = { isInvalid: !!error, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  return (
    <Form.Group className="mb-3" controlId={id}>
      {f.type === 'switch' ? (
        <Form.Check type="switch" label={f.title} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} {...common} />
      ) : (
        <>
          <Form.Label className="fw-medium">
            {f.title}
            {f.required && <span className="text-danger ms-1" aria-hidden="true">*</span>}
          </Form.Label>
          {f.type === 'select' ? (
            <Form.Select value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} aria-required={f.required || undefined} {...common}>
              <option value="" />
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Form.Select>
          ) : (
            <Form.Control
              as={f.type === 'textarea' ? 'textarea' : 'input'}
              type={f.secret ? 'password' : (f.ui_options.input_type ?? 'text')}
              autoComplete={f.secret ? 'new-password' : 'off'}
              placeholder={f.secret && f.is_set ? t('plugins.form.secret_set') : undefined}
              value={String(value ?? '')}
              aria-required={(f.required && !(f.secret && f.is_set)) || undefined}
              onChange={(e) => onChange(e.currentTarget.value)}
              {...common}
            />
          )}
        </>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId} className="d-block">
          {error}
        </Form.Control.Feedback>
      )}
      {f.secret && f.is_set && (
        <Form.Text id={secretId} className="d-block">
          {t('plugins.form.secret_hint')}
        </Form.Text>
      )}
      {f.description && (
        <Form.Text id={hintId} className="d-block text-body-secondary">
          {f.description}
        </Form.Text>
      )}
    </Form.Group>
  );
}
