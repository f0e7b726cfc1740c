/**
 * Entry point of the flag dialog for the post menu, comments and profiles: `open(source, id)` checks the
 * member guard (anonymous visitors go to login, not-activated users to the inactive page) and shows the dialog,
 * whose code loads on first use.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useGate } from '../post-actions/useGate';
import type { FlagSource } from './rules';

const FlagDialog = lazy(() => import('./FlagDialog'));

/**
 * @param onFlagged called after a flag was accepted, with what was flagged
 * @returns `open` and the `dialog` element to render (null while closed)
 */
export function useFlag(onFlagged?: (source: FlagSource, objectId: string) => void): {
  open: (source: FlagSource, objectId: string, returnFocus?: HTMLElement | null) => void;
  dialog: ReactNode;
} {
  const gate = useGate();
  const [target, setTarget] = useState<{ source: FlagSource; objectId: string; returnFocus: HTMLElement | null } | null>(null);
  /** @param returnFocus where focus goes when the dialog closes (default: what had focus when it opened) */
  const open = (source: FlagSource, objectId: string, returnFocus?: HTMLElement | null) => {
    const back = returnFocus ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (gate()) setTarget({ source, objectId, returnFocus: back });
  };
  const close = () => {
    const back = target?.returnFocus;
    setTarget(null);
    // After the modal's own focus restore (which may aim at a menu item that is gone by now).
    if (back) requestAnimationFrame(() => back.isConnected && back.focus());
  };
  const dialog = target ? (
    <Suspense fallback={null}>
      <FlagDialog source={target.source} objectId={target.objectId} onHide={close} onFlagged={() => onFlagged?.(target.source, target.objectId)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
