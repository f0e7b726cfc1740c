/**
 * The question page's rarely opened dialogs (confirm, close, invite), loaded when first opened rather than with the
 * interactive layer after hydration: each brings react-bootstrap's Modal and form parts. Same props as the dialogs
 * themselves; nothing is rendered until `show` is first true, and the dialog stays mounted afterwards (so it can
 * play its closing transition).
 */
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import type { CloseDialog as CloseDialogType } from './CloseDialog';
import type { ConfirmModal as ConfirmModalType } from './ConfirmModal';
import type { InviteDialog as InviteDialogType } from './InviteDialog';

/** A dialog component, loaded by `load` the first time it is shown. */
function onFirstShow<P extends { show: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (props.show && !opened) setOpened(true);
    if (!props.show && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/** features/post-actions/ConfirmModal.tsx, loaded on first show. */
export const ConfirmModal = onFirstShow<ComponentProps<typeof ConfirmModalType>>(() => import('./ConfirmModal').then((m) => ({ default: m.ConfirmModal })));
/** features/post-actions/CloseDialog.tsx, loaded on first show. */
export const CloseDialog = onFirstShow<ComponentProps<typeof CloseDialogType>>(() => import('./CloseDialog').then((m) => ({ default: m.CloseDialog })));
/** features/post-actions/InviteDialog.tsx, loaded on first show. */
export const InviteDialog = onFirstShow<ComponentProps<typeof InviteDialogType>>(() => import('./InviteDialog').then((m) => ({ default: m.InviteDialog })));
