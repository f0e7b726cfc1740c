import type { ReactNode } from 'react';

/** A titled settings section. */
export function Section({ title, id, children, description }: { title: string; id: string; children: ReactNode; description?: ReactNode }) {
  return (
    <section className="mb-5" aria-labelledby={id}>
      <h2 id={id} className="h5 mb-1">
        {title}
      </h2>
      {description && <p className="text-body-secondary small mb-3">{description}</p>}
      <div className={description ? '' : 'mt-3'}>{children}</div>
    </section>
  );
}
