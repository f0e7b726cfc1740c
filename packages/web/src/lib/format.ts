/**
 * Display formatting (spec §9 "Number display", relative times).
 */

/**
 * Formats a number (spec §9 "Number display"): under 10,000 comma-grouped (9,999); under a million a 'k' figure
 * with one decimal (12.3k); from a million an 'm' figure (1.2m). Decimals are cut, never rounded up (999,999 is
 * '999.9k', not '1000k'), and a trailing '.0' is dropped ('10k').
 */
export function formatCount(n: number | null | undefined): string {
  const v = Number(n) || 0;
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  // 1,000-9,999 get their one comma by hand: an Intl.NumberFormat costs a server render a new formatter per call
  // (`toLocaleString`) and a phone ~15-20 ms of ICU set-up for the first one, on every page with a view count.
  if (a < 10_000) {
    const whole = Math.trunc(a);
    return sign + (whole < 1000 ? String(whole) : `${Math.trunc(whole / 1000)},${String(whole % 1000).padStart(3, '0')}`);
  }
  const one = (x: number) => (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '');
  if (a < 1_000_000) return `${sign}${one(a / 1000)}k`;
  return `${sign}${one(a / 1_000_000)}m`;
}

/** Count cap of badges (spec §9: 99): 0-99 as is, above that '99+'. */
export const COUNT_CAP = 99;

/** A badge count capped at {@link COUNT_CAP}: 12 -> '12', 150 -> '99+'. */
export function capCount(n: number | null | undefined): string {
  const v = Math.max(0, Math.trunc(Number(n) || 0));
  return v > COUNT_CAP ? `${COUNT_CAP}+` : String(v);
}

/** A duration split for display (spec §9 "Duration display"). */
export type Duration = { unit: 'under_hour' } | { unit: 'hours' | 'days'; count: number };

/**
 * Duration display (spec §9): under an hour '< 1 hour'; 1 to 24 hours in whole hours; above 24 hours in whole
 * days (rounded up, so 25 hours is 2 days).
 * @param seconds length of the duration in seconds
 */
export function splitDuration(seconds: number): Duration {
  const hours = Math.max(0, Number(seconds) || 0) / 3600;
  if (hours < 1) return { unit: 'under_hour' };
  if (hours <= 24) return { unit: 'hours', count: Math.floor(hours) };
  return { unit: 'days', count: Math.ceil(hours / 24) };
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
