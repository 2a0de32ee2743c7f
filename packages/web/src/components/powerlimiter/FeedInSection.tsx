import { lazy, Suspense, useState } from 'react';
import { useLimiterTranslation } from './labels';

/** The cards' code loads only when they are shown: most plants use neither, and the screen stays light. */
const FeedInCards = lazy(() => import('./FeedInCards'));

/**
 * The feed-in cap and the grid operator's signal on the Power limiter screen: open when either is on,
 * else one button that opens them. Their values are part of the form either way (saved as they came).
 */
export function FeedInSection({ stringsWp, inUse }: { stringsWp: number; inUse: boolean }) {
  const { t } = useLimiterTranslation();
  const [open, setOpen] = useState(inUse);
  if (!open) {
    return (
      <div className="card mt-3">
        <button
          type="button"
          className="btn w-100 text-start fw-semibold card-header"
          aria-expanded={false}
          onClick={() => setOpen(true)}
        >
          {t('feedIn.section')}
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <FeedInCards stringsWp={stringsWp} />
    </Suspense>
  );
}
