import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `delayMs` (skeleton loader delay, spec §9: 1000 ms), so fast loads
 * never flash a skeleton.
 */
export function useDelayedFlag(active: boolean, delayMs = 1000): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
