/**
 * Display formatting (spec §9 "Number display", relative times).
 */

/**
 * Formats a count: under 10,000 comma-grouped (9,999); under a million with 'k' and one decimal (12.3k);
 * above that with 'm' (1.2m). Trailing '.0' is dropped.
 */
export function formatCount(n: number | null | undefined): string {
  const v = Number(n) || 0;
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  if (a < 10_000) return sign + Math.trunc(a).toLocaleString('en-US');
  const one = (x: number) => (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '');
  if (a < 1_000_000) return `${sign}${one(a / 1000)}k`;
  return `${sign}${one(a / 1_000_000)}m`;
}

const cache = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
/** Intl formatters are costly to build (and SSR formats many times per page): one per locale and style. */
function cached<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** BCP 47 tag of a UI language code: 'zh_CN' -> 'zh-CN'. */
export function localeOf(lang: string): string {
  return (lang || 'en_US').replace('_', '-');
}

/**
 * Relative time of a unix-seconds timestamp: 'just now', '5 minutes ago', '3 days ago', then a date.
 * @param seconds unix time in seconds
 * @param lang UI language code
 * @param justNow translated text for times under a minute
 */
export function formatRelative(seconds: number, lang: string, justNow: string, now = Date.now()): string {
  const diff = Math.round(seconds - now / 1000);
  const abs = Math.abs(diff);
  const locale = localeOf(lang);
  if (abs < 60) return justNow;
  const rtf = cached(`rel:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  if (abs < 3600) return rtf.format(Math.trunc(diff / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.trunc(diff / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.trunc(diff / 86_400), 'day');
  return formatDate(seconds, lang);
}

/** Calendar date of a unix-seconds timestamp in the UI language, e.g. 'Mar 3, 2025'. */
export function formatDate(seconds: number, lang: string): string {
  const locale = localeOf(lang);
  return cached(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' })).format(new Date(seconds * 1000));
}

/** Full date and time, for tooltips. */
export function formatDateTime(seconds: number, lang: string): string {
  const locale = localeOf(lang);
  return cached(`datetime:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(seconds * 1000));
}
