/**
 * URL helpers for questions (spec §9 "Permalink style 1 to 4").
 */

/**
 * Turns a title into the slug part of a question permalink: lower case, words joined by '-',
 * letters of every script kept (a Chinese title stays Chinese, percent-encoded by the browser).
 * @param title question title, any script
 * @returns slug of at most 150 characters; 'question' only when the title has no letter or digit at all
 */
export function urlTitle(title: string): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150)
    .replace(/-+$/g, '');
  return slug || 'question';
}

/**
 * Path of a question page under a permalink style.
 * Styles 1 and 3 include the title slug; 2 and 4 do not. (3 and 4 use short ids in Answer; we keep the full id.)
 * @param style permalink style 1-4; anything else is treated as 1 (spec §3)
 */
export function questionPath(id: string, title: string, style = 1, answerId?: string): string {
  const s = [1, 2, 3, 4].includes(style) ? style : 1;
  const base = s === 1 || s === 3 ? `/questions/${id}/${encodeURIComponent(urlTitle(title))}` : `/questions/${id}`;
  if (!answerId) return base;
  return s === 1 || s === 3 ? `${base}/${answerId}` : `${base}/${encodeURIComponent(urlTitle(title))}/${answerId}`;
}
