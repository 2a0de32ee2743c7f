import type { ReactNode } from 'react';
import '../styles/tables.scss';

/** A card of label/value rows (InfoRow) on the info screens, in a grid column. */
export function InfoCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="col">
      <section className="card h-100">
        <h2 className="card-header h6">{title}</h2>
        <div className="table-responsive">
          <table className="table table-sm mb-0">
            <tbody>{children}</tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** A yes/no or on/off fact as a badge: green when `ok`, yellow or grey otherwise. */
export function StateBadge({ ok, children, warn }: { ok: boolean; children: ReactNode; warn?: boolean }) {
  const tone = ok ? 'text-bg-success' : warn ? 'text-bg-warning' : 'text-bg-secondary';
  return <span className={`badge ${tone}`}>{children}</span>;
}
