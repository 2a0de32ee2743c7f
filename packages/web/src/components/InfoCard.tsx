import type { ReactNode } from 'react';
import '../styles/tables.scss';

/**
 * A card of label/value rows (InfoRow) on the info screens, in a grid column. `after` comes below the rows,
 * at the card's own width: a wide table of its own (which scrolls within the card) or a chart.
 */
export function InfoCard({
  title,
  children,
  after,
  wide = false,
}: {
  title: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
  /** The whole row's width: for a table of many columns. */
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col w-100' : 'col'}>
      <section className="card h-100">
        <h2 className="card-header h6">{title}</h2>
        {children && (
          <div className="table-responsive">
            <table className="table table-sm mb-0">
              <tbody>{children}</tbody>
            </table>
          </div>
        )}
        {after}
      </section>
    </div>
  );
}

/** A yes/no or on/off fact as a badge: green when `ok`, yellow or grey otherwise. */
export function StateBadge({ ok, children, warn }: { ok: boolean; children: ReactNode; warn?: boolean }) {
  const tone = ok ? 'text-bg-success' : warn ? 'text-bg-warning' : 'text-bg-secondary';
  return <span className={`badge ${tone}`}>{children}</span>;
}
