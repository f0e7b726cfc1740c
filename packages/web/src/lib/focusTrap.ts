/**
 * Keeps Tab and Shift+Tab inside the topmost open dialog (WCAG 2.1.2 and the ARIA dialog pattern): react-bootstrap's
 * Modal only pulls focus back after it has left, so Tab past the last control reached the browser's own UI, and a
 * native `<dialog>` lets it leave the page the same way. One document-level listener serves every dialog.
 */

/** Controls that take focus with Tab. */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The dialog on top: the last open modal (react-bootstrap) or modal `<dialog>` in document order. */
function topDialog(doc: Document): HTMLElement | null {
  const open = doc.querySelectorAll<HTMLElement>('.modal.show[role="dialog"], dialog[open]');
  return open.length ? open[open.length - 1]! : null;
}

/**
 * The controls of `root` that Tab visits, in order: visible, not inert, and of a radio group only the checked one
 * (or the first when none is), as browsers do.
 */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const seenGroups = new Set<string>();
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => {
    if (el.tabIndex < 0 || el.closest('[inert]') || !el.getClientRects().length) return false;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const checked = root.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]:checked`);
      if (checked) return checked === el;
      if (seenGroups.has(el.name)) return false;
      seenGroups.add(el.name);
    }
    return true;
  });
}

/** Moves focus from the last control to the first (or back with Shift) instead of out of the dialog. */
function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const doc = (event.currentTarget as Document | null) ?? document;
  const dialog = topDialog(doc);
  if (!dialog) return;
  const items = tabbables(dialog);
  if (!items.length) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = doc.activeElement;
  const inside = !!active && dialog.contains(active);
  if (event.shiftKey && (!inside || active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** Starts trapping focus in open dialogs of `doc` (idempotent); returns a function that stops it. */
export function installDialogFocusTrap(doc: Document = document): () => void {
  doc.removeEventListener('keydown', onKeyDown);
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
