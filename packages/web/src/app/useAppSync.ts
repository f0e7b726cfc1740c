import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginFlowStore } from '../lib/auth';
import { setErrorCode } from '../lib/errorCode';
import { effectiveLanguage, setLanguage } from '../lib/i18n';
import { registerNavigate } from '../lib/navigation';
import { readStored, STORAGE_KEYS } from '../lib/session';
import type { CurrentUser, SiteInfo } from '../lib/types';

/**
 * Applies the colour scheme (spec §4 "Theme"): 'system' (or unset) follows the OS preference live through a
 * matchMedia listener; 'light' / 'dark' are fixed. A user's own scheme ('system', 'light', 'dark') wins over the
 * site's; 'default' uses the site's.
 * Sets Bootstrap 5.3's `data-bs-theme` on <html>.
 */
export function useColorScheme(siteScheme: string | undefined, userScheme: string | undefined): void {
  useEffect(() => {
    const scheme = userScheme && userScheme !== 'default' ? userScheme : siteScheme || 'system';
    const root = document.documentElement;
    if (scheme === 'light' || scheme === 'dark') {
      root.setAttribute('data-bs-theme', scheme);
      return;
    }
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => root.setAttribute('data-bs-theme', mq.matches ? 'dark' : 'light');
    apply();
    mq.addEventListener('change', apply);
    return () => mq.removeEventListener('change', apply);
  }, [siteScheme, userScheme]);
}

/**
 * Switches the UI language once the user and site settings are known (spec §4 "Effective language"). A
 * visitor without an account keeps the language the server rendered the page in (the browser's preferred
 * bundled language, else the site's), so the page does not change language after hydration.
 */
export function useEffectiveLanguage(user: CurrentUser | null, site: SiteInfo, userLoading: boolean): void {
  const siteLang = site.interface?.language;
  useEffect(() => {
    if (userLoading) return;
    const rendered = user ? undefined : window.__QUORUM_LANG__;
    setLanguage(rendered ?? effectiveLanguage(user?.language, siteLang, readStored(STORAGE_KEYS.lang)));
  }, [user, user?.language, siteLang, userLoading]);
}

/**
 * Router glue: registers navigate for the api client and clears the error page on every navigation
 * (spec §2 "The error code resets on every navigation").
 */
export function useRouterGlue(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    registerNavigate((to, opts) => void navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);
  useEffect(() => {
    setErrorCode(null);
    const flow = loginFlowStore.get();
    if (flow !== null && flow !== location.pathname + location.search) loginFlowStore.set(null);
  }, [location.pathname, location.search]);
}

/**
 * Broken images (spec §2): marked with `img-broken`, and hidden when they have no alt text. One capture-phase
 * listener covers every image, including those inside rendered post HTML.
 */
export function useBrokenImageGuard(): void {
  useEffect(() => {
    const mark = (img: HTMLImageElement) => {
      img.classList.add('img-broken');
      if (!img.getAttribute('alt')) img.style.display = 'none';
    };
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) mark(e.target);
    };
    document.addEventListener('error', onError, true);
    // Images of the server-rendered HTML may have failed before this listener existed.
    document.querySelectorAll('img').forEach((img) => {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) mark(img);
    });
    return () => document.removeEventListener('error', onError, true);
  }, []);
}
