import { type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function readOpen(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
/** The gateway renders the card closed (the stored choice is the browser's); a hydration too. */
const closed = () => false;
const noChange = () => () => {};

/** While the opened card's chunk loads: a spinner, not an empty card. */
function Loading() {
  const { t } = useTranslation();
  return (
    <div className="card-body">
      <span className="spinner-border spinner-border-sm text-primary" role="status">
        <span className="visually-hidden">{t('frame.loading')}</span>
      </span>
    </div>
  );
}

/**
 * A collapsed card of the live view (history, power limiter): its header opens it, and only an open card
 * renders `children`, so a `lazy` body's chunk, data calls and texts load when it is first opened. An
 * opened card stays open on the next visit (`storageKey` in localStorage).
 */
export function LazyCard({
  title,
  storageKey,
  testId,
  children,
}: {
  title: ReactNode;
  storageKey: string;
  testId?: string;
  children: ReactNode;
}) {
  const stored = useSyncExternalStore(noChange, () => readOpen(storageKey), closed);
  const [toggled, setOpen] = useState<boolean | null>(null);
  const open = toggled ?? stored;
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(storageKey, open ? '0' : '1');
    } catch {
      // Private mode: the card starts closed next time.
    }
  };
  return (
    <section className="card history-card mt-3" data-testid={testId}>
      <h2 className="card-header h6 p-0 m-0">
        <button
          type="button"
          className={`btn w-100 text-start fw-semibold history-toggle${open ? ' history-open' : ''}`}
          aria-expanded={open}
          onClick={toggle}
        >
          {title}
        </button>
      </h2>
      {open && <Suspense fallback={<Loading />}>{children}</Suspense>}
    </section>
  );
}
