import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from './store';

/** Toast colours (Bootstrap variants). */
export type ToastVariant = 'danger' | 'success' | 'info' | 'warning';

interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}

/** Auto-hide delay in ms (spec §9). */
const TOAST_DELAY_MS = 5000;
const toastStore = createStore<ToastItem[]>([]);
let nextId = 1;

/** Shows a toast message; it hides itself after 5 s. Safe to call from anywhere (no-op on the server). */
export function toast(message: string, variant: ToastVariant = 'danger'): void {
  if (typeof window === 'undefined' || !message) return;
  toastStore.set([...toastStore.get(), { id: nextId++, message, variant }]);
}

function dismiss(id: number): void {
  toastStore.set(toastStore.get().filter((t) => t.id !== id));
}

/** Renders pending toasts in the top-right corner; the layout renders exactly one of these. */
export function Toasts() {
  const items = useStore(toastStore, []);
  const { t } = useTranslation();
  return (
    <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 1090 }} role="status" aria-live="polite">
      {items.map((item) => (
        <Toast
          key={item.id}
          bg={item.variant}
          onClose={() => dismiss(item.id)}
          autohide
          delay={TOAST_DELAY_MS}
        >
          <div className="d-flex align-items-start">
            <Toast.Body className={item.variant === 'warning' || item.variant === 'info' ? 'text-dark' : 'text-white'}>
              {item.message}
            </Toast.Body>
            <button
              type="button"
              className={`btn-close me-2 mt-2 ms-auto${item.variant === 'warning' || item.variant === 'info' ? '' : ' btn-close-white'}`}
              aria-label={t('common.close')}
              onClick={() => dismiss(item.id)}
            />
          </div>
        </Toast>
      ))}
    </ToastContainer>
  );
}
