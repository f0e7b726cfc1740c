/**
 * Message dialogs the request layer opens (spec §8): err_type 'modal' (a confirm dialog) and a 400 with empty
 * data (the message with only a close button). app/ApiDialogs.tsx renders them.
 */
import { createStore } from './store';

/** One open dialog. */
export interface MessageDialog {
  id: number;
  message: string;
  /** 'confirm': OK and cancel; 'close': a close button only. */
  kind: 'confirm' | 'close';
}

/** Open dialogs, oldest first. */
export const dialogStore = createStore<MessageDialog[]>([]);
let nextId = 1;

/** Opens a message dialog (no-op on the server). */
export function showMessageDialog(message: string, kind: MessageDialog['kind']): void {
  if (typeof window === 'undefined' || !message) return;
  dialogStore.set([...dialogStore.get(), { id: nextId++, message, kind }]);
}

/** Closes a dialog. */
export function closeMessageDialog(id: number): void {
  dialogStore.set(dialogStore.get().filter((d) => d.id !== id));
}
