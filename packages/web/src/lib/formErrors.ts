/**
 * Form error utilities shared by the auth, ask and install pages: client checks with the contract's zod
 * schemas, and server field errors (`{error_field, error_msg}`, spec §5 and §8) mapped onto form fields.
 */
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { ApiError } from './api';

/** Field name -> message (already translated) or message key (before translation). */
export type FieldErrors = Record<string, string>;

/**
 * Checks a value against a contract schema.
 * @returns the first message key per field (path joined with '.'); empty when the value is valid
 */
export function schemaErrors(schema: ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/**
 * Translates a validation key from the contract ('error.user.username_invalid').
 * The client's own wording (auth.check.<key>) wins; then the server bundle; then the key itself.
 */
export function translateCheck(t: TFunction, key: string): string {
  return t(`auth.check.${key}`, { defaultValue: t(key, { defaultValue: key }) });
}

/** Translates every message key of a schema check, see {@link translateCheck}. */
export function translateChecks(t: TFunction, errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(errors)) out[field] = translateCheck(t, key);
  return out;
}

/**
 * Server field errors of a failed call, keyed by form field.
 * @param rename maps a server field name to a form field (e.g. 'tags.0.slug_name' -> 'tags' via a function)
 * @returns null when the error is not a field-error list
 */
export function serverFieldErrors(err: unknown, rename?: (field: string) => string): FieldErrors | null {
  if (!(err instanceof ApiError) || !err.fieldErrors?.length) return null;
  const out: FieldErrors = {};
  for (const fe of err.fieldErrors) {
    const field = rename ? rename(fe.error_field) : fe.error_field;
    if (!(field in out)) out[field] = fe.error_msg;
  }
  return out;
}

/** The message to show for a failed call that is not a field error. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** `errors` without the entry for `field` (the same object when there is none). */
export function dropError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== field));
}
