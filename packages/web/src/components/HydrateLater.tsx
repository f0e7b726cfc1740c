/**
 * An element whose content hydration leaves as the server rendered it: for the rows and cards of list pages, which
 * are links and text. Hydrating a page of twenty question rows (their links, tags, relative times and the first
 * date formatter, ~30-100 ms of ICU set-up alone) was most of a list page's hydration, one task of several hundred
 * milliseconds at a phone's 4x slower CPU (docs/BENCHMARKS.md, "Phone speed (Lighthouse)").
 *
 * While what the content is made of (`watch`: the row's data, the language) is what it was at hydration, the
 * element keeps the server's markup: preact leaves the children of an element with `dangerouslySetInnerHTML` alone
 * while hydrating, and the same empty value on the renders that follow changes nothing. A click on one of its links
 * is followed inside the app as `Link` would (`useLinkClicks`). Once a value of `watch` changes (new data, another
 * language, a logged-in member's view), the content is rendered for real, from then on. Rendered first after
 * hydration (a client-side navigation) it renders its content at once; on the server it is the element with its
 * content. Content that changes in the browser without a change of `watch` must not be put in one.
 */
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useLinkClicks } from './Link';
import { useHydrated } from '../lib/store';

/** What hydration keeps: the server's children (the value itself is never written while hydrating). */
const KEEP = { __html: '' };

export interface HydrateLaterProps {
  /** The element rendered (the row's or card's own root element). */
  as?: 'article' | 'div' | 'li';
  /** What the content is rendered from, compared value by value with what it was at hydration. */
  watch: readonly unknown[];
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  children: ReactNode;
}

/** See the file header. */
export function HydrateLater({ as: Tag = 'div', watch, children, ...rest }: HydrateLaterProps) {
  const hydrated = useHydrated();
  const clicks = useLinkClicks();
  // The values at hydration; null once the content is rendered (and for an element rendered after hydration).
  const kept = useRef<readonly unknown[] | null | undefined>(undefined);
  if (kept.current === undefined) kept.current = hydrated || import.meta.env.SSR ? null : watch;
  const held = kept.current;
  if (held && (held.length !== watch.length || held.some((v, i) => !Object.is(v, watch[i])))) kept.current = null;
  if (!kept.current) return <Tag {...rest}>{children}</Tag>;
  return <Tag {...rest} onClick={clicks} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
}
