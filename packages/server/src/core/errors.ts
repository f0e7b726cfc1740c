/**
 * The one error type of the server. Every failure that reaches a client is an AppError carrying a stable
 * reason key (also a translation key: i18n/<lang>/server.yaml) and the HTTP status of answer-compat.md "Errors".
 */
import type { ErrType, FieldError } from '@quorum/contract';

/** A field error before translation: `message` is a reason key. */
export interface FieldIssue {
  field: string;
  message: string;
  /** `{{name}}` values of the message (e.g. a line number). */
  params?: Record<string, string | number>;
}

/** An error a client may see: HTTP status, reason key, envelope data and field errors. */
export class AppError extends Error {
  /** Key of a more specific `msg` than the reason's own text (the reason stays what clients test), and its `{{name}}` values. */
  msgKey?: string;
  msgParams?: Record<string, string | number>;

  /**
   * @param status HTTP status (400, 401, 403, 404, 409, 429, 500 ...)
   * @param reason translation key, e.g. `error.user.email_duplicate`
   * @param data payload of the envelope: `{err_type}` for 400s shown as toast/alert/modal, `{type}` for 403s
   * @param fields field errors (400 `base.request_format_error`); translated by the error handler
   */
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly data: Record<string, unknown> | null = null,
    readonly fields: FieldIssue[] = [],
  ) {
    super(reason);
  }

  /**
   * Sets the envelope's `msg` to the text of `key` with `params` (e.g. the reputation a refused action needs).
   * @returns this error
   */
  withMessage(key: string, params: Record<string, string | number>): this {
    this.msgKey = key;
    this.msgParams = params;
    return this;
  }
}

/** 400 with a field-error list. `fields` are reason keys per form field. */
export function fieldErrors(fields: FieldIssue[]): AppError {
  return new AppError(400, 'base.request_format_error', null, fields);
}

/** 400 for a single form field. */
export function fieldError(field: string, message: string): AppError {
  return fieldErrors([{ field, message }]);
}

/** 400 shown by the client as a toast (default), alert or modal (spec §8). */
export function badRequest(reason: string, errType: ErrType = 'toast', extra: Record<string, unknown> = {}): AppError {
  return new AppError(400, reason, { err_type: errType, ...extra });
}

/** 401: no or bad token. */
export function unauthorized(reason = 'base.unauthorized_error'): AppError {
  return new AppError(401, reason);
}

/** 403, optionally typed `inactive | url_expired | suspended` (answer-compat.md). */
export function forbidden(reason = 'base.forbidden_error', type?: 'inactive' | 'url_expired' | 'suspended'): AppError {
  return new AppError(403, reason, type ? { type } : null);
}

/** 404 for a missing object. */
export function notFound(reason = 'error.object.not_found'): AppError {
  return new AppError(404, reason);
}

/** 409: a unique constraint refused the write (username, e-mail, slug ...). */
export function conflict(reason = 'error.object.duplicate'): AppError {
  return new AppError(409, reason);
}

/** The translated wire form of field issues. */
export type { FieldError };
