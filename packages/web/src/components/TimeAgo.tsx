import type { PointerEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../lib/format';

/**
 * A `<time>` showing a relative time ('3 hours ago') with the full date as tooltip. `at` is unix seconds.
 *
 * The tooltip is written by the server, and in the browser only when the pointer or focus first reaches the
 * element: hydration leaves attributes as the server wrote them, and a list page has one of these per row, so
 * formatting every row's full date again while hydrating was work a phone did for tooltips nobody opened.
 */
export function TimeAgo({ at, className }: { at: number; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!at) return null;
  const iso = new Date(at * 1000).toISOString();
  const lang = i18n.language;
  const fillTitle = (e: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.title) e.currentTarget.title = formatDateTime(at, lang);
  };
  return (
    // A new element when the time or the language changes, so a tooltip already filled in never goes stale.
    <time key={`${at}:${lang}`} dateTime={iso} title={import.meta.env.SSR ? formatDateTime(at, lang) : undefined} onPointerEnter={fillTitle} onFocus={fillTitle} className={className} suppressHydrationWarning>
      {formatRelative(at, lang, t('time.just_now'))}
    </time>
  );
}
