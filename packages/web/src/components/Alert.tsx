/**
 * Bootstrap's alert without a transition: what the build uses for `react-bootstrap/Alert` (vite.config.ts), with the
 * props the app uses (variant, dismissible, onClose, show, closeLabel and the div's own). react-bootstrap's Alert
 * fades in and out through react-transition-group, which put ~6 KB of compressed JavaScript into the first load of
 * every page showing an alert, for alerts that never animate (they render shown, and the app removes them).
 * Markup: `<div role="alert" class="{className} alert alert-{variant}[ alert-dismissible]">`, the close button first.
 */
import type { HTMLAttributes, MouseEvent } from 'react';

/** The props of react-bootstrap's Alert the app passes. */
export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  variant?: string;
  dismissible?: boolean;
  /** Called with `false` when the close button is clicked (react-bootstrap's signature). */
  onClose?: (show: false, event: MouseEvent<HTMLButtonElement>) => void;
  /** False renders nothing. */
  show?: boolean;
  closeLabel?: string;
}

/** An alert box; see the module comment. */
export default function Alert({ variant = 'primary', dismissible, onClose, show = true, closeLabel = 'Close alert', className, children, ...props }: AlertProps) {
  if (!show) return null;
  const classes = [className, 'alert', `alert-${variant}`, dismissible ? 'alert-dismissible' : ''].filter(Boolean).join(' ');
  return (
    <div role="alert" {...props} className={classes}>
      {dismissible ? <button type="button" className="btn-close" aria-label={closeLabel} onClick={(e) => onClose?.(false, e)} /> : null}
      {children}
    </div>
  );
}
