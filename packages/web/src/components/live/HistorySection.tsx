import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/server-snapshot';
import type { LiveInverter } from '../../ws/livedata';

/** The chart, its data calls and its texts load only when the card is opened (docs/console.md, History). */
const HistoryCard = lazy(() => import('../history/HistoryCard'));
const OPEN_KEY = 'historyOpen';

function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}
/** The gateway renders the card closed (the stored choice is the browser's); a hydration too. */
const closed = () => false;
const noChange = () => () => {};

/** The collapsed history card below the inverters; an opened card stays open on the next visit. */
export function HistorySection({ inverters }: { inverters: readonly LiveInverter[] }) {
  const { t } = useTranslation();
  const stored = useStore(noChange, readOpen, closed);
  const [toggled, setOpen] = useState<boolean | null>(null);
  const open = toggled ?? stored;
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(OPEN_KEY, open ? '0' : '1');
    } catch {
      // Private mode: the card starts closed next time.
    }
  };
  return (
    <section className="card history-card mt-3">
      <h2 className="card-header h6 p-0 m-0">
        <button
          type="button"
          className={`btn w-100 text-start fw-semibold history-toggle${open ? ' history-open' : ''}`}
          aria-expanded={open}
          onClick={toggle}
        >
          {t('live.history')}
        </button>
      </h2>
      {open && (
        <Suspense fallback={null}>
          <HistoryCard inverters={inverters} />
        </Suspense>
      )}
    </section>
  );
}
