import { useId } from 'react';
import { toast } from '../../lib/toast';

/**
 * An action the member has not earned yet, shown instead of leaving it out: a dimmed button marked
 * aria-disabled whose tooltip and hidden description give `reason` (the reputation it needs, the member's own
 * and how to earn it); pressing it shows the reason too, for touch screens.
 * @param label the action's name
 * @param reason GET /permission's `no_permission_tip`
 */
export function NotYetButton({ label, reason, className = 'btn btn-sm btn-outline-secondary' }: { label: string; reason: string; className?: string }) {
  const id = useId();
  return (
    <>
      <button type="button" className={`${className} opacity-50`} aria-disabled="true" aria-describedby={id} title={reason} onClick={() => toast(reason, 'info')}>
        {label}
      </button>
      <span id={id} className="visually-hidden">
        {reason}
      </span>
    </>
  );
}
