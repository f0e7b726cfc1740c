/**
 * Links to addresses of this site. `Link` renders `<a href>` and, on a plain left click, navigates inside the app
 * like react-router's Link does for an absolute path; a click with a modifier key, a middle click, another target
 * and an address of another site are left to the browser.
 *
 * Why not react-router's Link: it resolves its path against the route tree twice per render (once for the href,
 * once for its click handler) and subscribes to the location, which took ~9% of the server's CPU for an uncached
 * question page with its ~15 links (docs/BENCHMARKS.md, sixth round). Every link of this app is an absolute path,
 * which needs none of that: the navigate function comes once from `LinkNavigation` at the top of the app.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives every `Link` below it the router's navigate function (place it once, inside the router). */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

/** An address the browser should open by itself: another scheme (`https:`, `mailto:`) or another host (`//`). */
const OUTSIDE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Absolute path of this site (`/questions/1`, with query and hash as needed), or another site's URL. */
  to: string;
}

/**
 * Follows a click on a link to `to` inside the app (a plain left click on an address of this site, as react-router's
 * Link does); leaves any other click to the browser. Shared by `Link` and `useLinkClicks`.
 */
function follow(e: MouseEvent<HTMLElement>, to: string, target: string | undefined, navigate: NavigateFunction | null): void {
  if (e.defaultPrevented || !navigate || OUTSIDE.test(to)) return;
  if (e.button !== 0 || (target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  e.preventDefault();
  // A link to the current address replaces its history entry instead of adding one (as react-router's does).
  const { pathname, search, hash } = window.location;
  void navigate(to, { replace: pathname + search + hash === to });
}

/** A link; see the file header. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const navigate = useContext(NavigateContext);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    follow(e, to, target, navigate);
  };
  return <a {...rest} href={to} target={target} onClick={click} />;
}

/**
 * A click handler for an element holding server-rendered links that have no handlers of their own (the markup a
 * `HydrateLater` keeps until its turn): a click on one of its `<a href="/...">` is followed inside the app as `Link`
 * would, any other click is left alone.
 */
export function useLinkClicks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useContext(NavigateContext);
  return (e) => {
    const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!a || !e.currentTarget.contains(a)) return;
    follow(e, a.getAttribute('href') ?? '', a.getAttribute('target') ?? undefined, navigate);
  };
}
