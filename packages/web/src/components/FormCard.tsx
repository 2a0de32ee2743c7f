import type { ReactNode } from 'react';

/**
 * A titled card (settings groups, the admin screens' sections). It keeps a margin below, unless `flush`:
 * a card in a `d-grid gap-3` or standing alone needs none.
 */
export function FormCard({
  title,
  children,
  flush,
}: {
  title: ReactNode;
  children: ReactNode;
  flush?: boolean;
}) {
  return (
    <section className={flush ? 'card' : 'card mb-3'}>
      <h2 className="card-header h6">{title}</h2>
      <div className="card-body">{children}</div>
    </section>
  );
}
