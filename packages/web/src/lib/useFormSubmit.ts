/**
 * The submit cycle shared by the account forms: client checks first, then the call with a busy flag;
 * server field errors (spec §8) land on their fields, any other failure in the form's alert, and nothing
 * the person typed is touched.
 */
import { useState } from 'react';
import { ApiError } from './api';
import { dropError, errorMessage, serverFieldErrors, type FieldErrors } from './formErrors';

export interface FormSubmit {
  /** Field name -> translated message. */
  errors: FieldErrors;
  /** Message of a failure that is not a field error, or null. */
  alert: string | null;
  busy: boolean;
  /** Drops one field's error (call when the field changes). */
  clearError(field: string): void;
  /**
   * Shows `localErrors` and stops when there are any; otherwise runs `action` while busy.
   * A second submit while one is running is ignored.
   */
  submit(localErrors: FieldErrors, action: () => Promise<void>): Promise<void>;
}

/**
 * @param fallback alert text when a failure carries no message of its own
 * @param handle called first with a failure; returns true when it dealt with it (a cancelled captcha, an
 *   expired link page). Failures the request layer already showed (`ApiError.handled`) are left alone too.
 */
export function useFormSubmit(fallback: string, handle?: (err: unknown) => boolean): FormSubmit {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    errors,
    alert,
    busy,
    clearError: (field) => setErrors((e) => dropError(e, field)),
    async submit(localErrors, action) {
      if (busy) return;
      setErrors(localErrors);
      setAlert(null);
      if (Object.keys(localErrors).length) return;
      setBusy(true);
      try {
        await action();
      } catch (err) {
        if (handle?.(err) || (err instanceof ApiError && err.handled)) return;
        const fields = serverFieldErrors(err);
        if (fields) setErrors(fields);
        else setAlert(errorMessage(err, fallback));
      } finally {
        setBusy(false);
      }
    },
  };
}
