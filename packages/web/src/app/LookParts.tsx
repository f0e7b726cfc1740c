/**
 * What the site's look settings do on public pages (issue "Themes and custom CSS/HTML", "Maintenance mode"):
 * the administrator's custom CSS, header and sidebar HTML (trusted, not sanitized, never on the admin console's
 * pages). The custom footer of a server-rendered page sits after the app (its scripts run there, with the
 * page's nonce); pages reached without it render it in the app. The maintenance banner is in MaintenanceBanner.tsx.
 */
import { useEffect, useState } from 'react';
import { customScripts, withoutScripts } from '@quorum/contract';

/** A short, stable fingerprint of a string (djb2), for cache-busting the custom CSS link after a save. */
function fingerprint(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * Keeps the custom CSS stylesheet in step with the settings: the server puts `<link href="/custom.css?v=...">`
 * in server-rendered heads; after a save (site info refetched) the link gets a new address, a page reached by
 * client navigation from the console gets one, and leaving the public layout (the admin console) disables it.
 * @param css the custom CSS setting; '' removes the stylesheet
 * @param active false while the admin console is shown
 */
export function useCustomCss(css: string, active: boolean): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href^="/custom.css"]');
    if (!css.trim() || !active) {
      if (link) link.disabled = true;
      return;
    }
    const printed = fingerprint(css);
    if (!link) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      document.head.appendChild(link);
    }
    // The server's link names the version it rendered with; only a changed setting needs a new address.
    if (link.dataset.css === undefined) link.dataset.css = link.getAttribute('href')?.startsWith('/custom.css?v=') ? printed : '';
    if (link.dataset.css !== printed) {
      link.href = `/custom.css?c=${printed}`;
      link.dataset.css = printed;
    }
    link.disabled = false;
  }, [css, active]);
}

/**
 * Administrator-written HTML (trusted, not sanitized) without its scripts, or nothing when empty. The scripts
 * run apart (the server's copies with the page's nonce, else {@link useCustomScripts}); left in here they would
 * be blocked by the Content-Security-Policy on a server-rendered page and inert after client navigation.
 */
export function CustomHtml({ html, className }: { html: string | undefined; className: string }) {
  if (!html?.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: withoutScripts(html) }} />;
}

/**
 * Runs the scripts of the custom header, sidebar and footer HTML that this document has not run yet, once each,
 * with the page's CSP nonce (app/customScripts.ts, loaded only when the custom HTML has a script): a
 * server-rendered public page ran them already (the server puts them, with the nonce, in `#q-custom-footer`); a
 * page first loaded on the admin console (which never gets them) runs them when a public page is reached by
 * client navigation, and a changed script runs after a save. Never while the admin console is shown.
 * @param htmls the custom HTML settings whose scripts should have run
 * @param active false on the admin console's pages
 */
export function useCustomScripts(htmls: (string | undefined)[], active: boolean): void {
  const signature = htmls.flatMap((h) => customScripts(h)).join('\n');
  useEffect(() => {
    if (!active || !signature) return;
    void import('./customScripts').then((m) => m.runCustomScripts(signature));
  }, [signature, active]);
}

/**
 * Adds the custom head HTML to a document first loaded on the admin console (which never gets it) when a public
 * page is reached by client navigation, its scripts run once with the page's nonce (app/customScripts.ts, loaded
 * only then); a server-rendered public page has it already (marked `<meta name="q-custom-head">`).
 * @param html the custom head setting
 * @param active false on the admin console's pages
 */
export function useCustomHead(html: string | undefined, active: boolean): void {
  useEffect(() => {
    if (!active || !html?.trim() || document.head.querySelector('meta[name="q-custom-head"]')) return;
    void import('./customScripts').then((m) => m.applyCustomHead(html));
  }, [html, active]);
}

/**
 * Whether the server put the custom footer after the app (`#q-custom-footer`); hides that block while the
 * admin console is shown. True until mounted, as on the server, so hydration matches.
 */
export function useServerFooter(inConsole: boolean): boolean {
  const [present, setPresent] = useState(true);
  useEffect(() => {
    const block = document.getElementById('q-custom-footer');
    setPresent(!!block);
    if (block) block.hidden = inConsole;
  }, [inConsole]);
  return present;
}
