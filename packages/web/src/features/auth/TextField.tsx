/**
 * A labelled form input with its hint and error message wired up for assistive technology
 * (aria-invalid, aria-describedby). Used by the auth, install and ask forms.
 */
import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** Props of {@link TextField}. */
export interface TextFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'url';
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  placeholder?: string;
  /** shown at the end of the label row, e.g. a character counter or a link */
  aside?: ReactNode;
  disabled?: boolean;
  /** a multi-line text area of this many rows */
  rows?: number;
}

/** One input with label, optional hint and field error. */
export default function TextField(props: TextFieldProps) {
  const { name, label, value, onChange, type = 'text', error, hint, autoFocus, autoComplete, maxLength, required, placeholder, aside, disabled, rows } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <div className="d-flex justify-content-between align-items-baseline">
        <Form.Label className="fw-medium">{label}</Form.Label>
        {aside}
      </div>
      <Form.Control
        name={name}
        {...(rows ? { as: 'textarea' as const, rows } : { type })}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
