import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { ApiError } from '../lib/api';

/**
 * A labelled form group that shows a field error under its control. Give the control `isInvalid={!!error}`.
 * @param id id of the control (the label points to it)
 * @param error message to show, e.g. from `fieldErrorsOf(err).name`
 */
export function FormField({ id, label, error, hint, children, className = 'mb-3' }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      {children}
      {hint && !error ? <Form.Text muted>{hint}</Form.Text> : null}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

/**
 * Field errors of a failed call as `{field: message}` (spec §5: server errors mapped onto form fields).
 * @param rename optional server-field -> form-field renames, e.g. `{e_mail: 'email'}`
 */
export function fieldErrorsOf(err: unknown, rename: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const list = (err as ApiError | null)?.fieldErrors;
  if (!Array.isArray(list)) return out;
  for (const e of list) out[rename[e.error_field] ?? e.error_field] = e.error_msg;
  return out;
}
