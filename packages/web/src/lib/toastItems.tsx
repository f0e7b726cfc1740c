/**
 * The toast messages themselves (react-bootstrap's Toast with its fade transition), loaded by lib/toast.tsx when
 * the first message is shown: no page needs them to hydrate.
 */
import Toast from 'react-bootstrap/Toast';
import { useTranslation } from 'react-i18next';
import type { ToastItem } from './toast';

/** Auto-hide delay in ms (spec §9). */
const TOAST_DELAY_MS = 5000;

/** One Bootstrap toast per item, hiding itself after 5 s or on its close button (`onDismiss(id)`). */
export default function ToastItems({ items, onDismiss }: { items: readonly ToastItem[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {items.map((item) => (
        <Toast key={item.id} bg={item.variant} onClose={() => onDismiss(item.id)} autohide delay={TOAST_DELAY_MS}>
          <div className="d-flex align-items-start">
            <Toast.Body className={item.variant === 'warning' || item.variant === 'info' ? 'text-dark' : 'text-white'}>{item.message}</Toast.Body>
            <button
              type="button"
              className={`btn-close me-2 mt-2 ms-auto${item.variant === 'warning' || item.variant === 'info' ? '' : ' btn-close-white'}`}
              aria-label={t('common.close')}
              onClick={() => onDismiss(item.id)}
            />
          </div>
        </Toast>
      ))}
    </>
  );
}
