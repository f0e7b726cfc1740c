/** Shared pieces of the request schemas: field helpers and the paging query (answer-compat.md "Paging"). Messages are translation keys (i18n/<lang>/server.yaml). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';

export const required = (key: string) => z.string({ error: key }).trim().min(1, key);
export const email = z.string({ error: 'error.form.email_invalid' }).trim().max(500, 'error.form.email_invalid').email('error.form.email_invalid');
export const password = z
  .string({ error: 'error.form.password_length' })
  .min(LIMITS.passwordMin, 'error.form.password_length')
  .max(LIMITS.passwordMax, 'error.form.password_length');
export const pageNumber = z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid');

/** Paging query common to list calls (answer-compat.md "Paging"). */
export const PageQuery = z.object({
  page: pageNumber.default(1),
  page_size: z.coerce
    .number({ error: 'error.form.is_invalid' })
    .int('error.form.is_invalid')
    .min(1, 'error.form.is_invalid')
    .max(LIMITS.maxPageSize, 'error.form.is_invalid')
    .default(LIMITS.defaultPageSize),
});
