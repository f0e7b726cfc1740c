/**
 * Bootstrap's stylesheet follows the page's writing direction (issue 13, right-to-left readiness): index.html
 * links `<link id="q-bootstrap" data-ltr="…" data-rtl="…">` (build/bootstrapCss.ts), the server sends
 * right-to-left pages with the `data-rtl` file, and a language switch in the browser swaps it here.
 */

const LINK_ID = 'q-bootstrap';

/**
 * Points the page at Bootstrap's stylesheet for `dir`. The other direction's sheet stays until the new one has
 * loaded (then it is removed), so the page is never unstyled in between. No-op on the server, without the link
 * (a test page) or when the sheet already matches.
 * @param dir the writing direction of the page's language (`textDirection()` of the contract)
 */
export function applyStylesheetDirection(dir: 'ltr' | 'rtl'): void {
  if (typeof document === 'undefined') return;
  const current = document.getElementById(LINK_ID);
  if (!(current instanceof HTMLLinkElement)) return;
  const href = current.dataset[dir];
  if (!href || current.getAttribute('href') === href) return;
  const next = current.cloneNode() as HTMLLinkElement;
  next.setAttribute('href', href);
  current.removeAttribute('id');
  const done = () => current.remove();
  next.addEventListener('load', done, { once: true });
  next.addEventListener('error', done, { once: true });
  current.after(next);
}
