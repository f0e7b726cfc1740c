/**
 * Centered card used by the login and sign-up pages.
 */
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** A narrow card with a heading, optional subtitle, body and footer. */
export default function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container py-3" style={{ maxWidth: 440 }}>
      <h1 className="h3 fw-bold text-center mb-1">{title}</h1>
      {subtitle && <p className="text-center text-body-secondary mb-4">{subtitle}</p>}
      <Card className="shadow-sm border-0 mt-3">
        <Card.Body className="p-4">{children}</Card.Body>
      </Card>
      {footer && <div className="text-center mt-3 small">{footer}</div>}
    </div>
  );
}
