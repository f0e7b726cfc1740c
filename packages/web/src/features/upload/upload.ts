/**
 * Image upload for posts (spec §5 "Image upload: images only, max 4 MB"; POST /answer/api/v1/file multipart
 * {source: 'post', file} -> URL). Checked here first so a wrong file never travels.
 */
import { LIMITS } from '@quorum/contract';
import { i18n } from '../../lib/i18n';
import { csrfToken, sessionReady } from '../../lib/session';
import '../post-actions/strings';

/** Uploads one image; resolves to its URL. Rejects with a translated message. */
export async function uploadImage(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(i18n.t('qa.upload.not_image'));
  if (file.size > LIMITS.imageMaxBytes) throw new Error(i18n.t('qa.upload.too_big', { max: 4 }));
  const form = new FormData();
  form.append('source', 'post');
  form.append('file', file);
  await sessionReady();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'en_US' };
  // The session cookie authenticates the upload; a cookie-authenticated write needs the session's CSRF token.
  const csrf = csrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  let res: Response;
  try {
    res = await fetch('/answer/api/v1/file', { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new Error(i18n.t('client_error.network'));
  }
  const env = (await res.json().catch(() => null)) as { data?: unknown; msg?: string } | null;
  if (!res.ok || typeof env?.data !== 'string') {
    const fieldMsg = Array.isArray(env?.data) ? (env.data as { error_msg?: string }[])[0]?.error_msg : undefined;
    throw new Error(fieldMsg || env?.msg || i18n.t('qa.upload.failed'));
  }
  return env.data;
}

/** Markdown of an uploaded image. The alt text is the file name without its extension. */
export function imageMarkdown(url: string, name = ''): string {
  const alt = name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]]/g, '');
  return `![${alt}](${url})`;
}
