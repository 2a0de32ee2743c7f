import type { FeedInStatus } from '@dtu-console/contract/powerlimiter/api';
import type { Formatters } from '../../i18n/format';
import { useLimiterTranslation } from './labels';

/** The active step in words: "60 % (K2)", "100 % (no contact closed)", "unknown". */
export function useSignalText() {
  const { t } = useLimiterTranslation();
  return (signal: FeedInStatus['grid_signal']): string => {
    if (!signal.known || signal.percent === null) return t('feedIn.unknown');
    const contact =
      signal.contact === null
        ? ''
        : signal.contact === 0
          ? ` (${t('feedIn.noContact')})`
          : ` (K${signal.contact})`;
    return `${signal.percent} %${contact}`;
  };
}

/**
 * The feed-in cap and the grid operator's signal as the limiter applies them now: the export allowed,
 * the active step (and whether it is lost), and the production cap without a meter reading. Nothing when
 * neither is switched on.
 */
export function FeedInSummary({ feedIn, f }: { feedIn: FeedInStatus | undefined; f: Formatters }) {
  const { t } = useLimiterTranslation();
  const signalText = useSignalText();
  if (!feedIn || (feedIn.cap_w === null && !feedIn.grid_signal.enabled)) return null;
  const signal = feedIn.grid_signal;
  return (
    <div className="d-flex flex-wrap gap-4 mb-3 align-items-start" data-testid="feed-in-summary">
      {signal.enabled && (
        <div>
          <div className="small text-body-secondary">{t('feedIn.activeStep')}</div>
          <div className="fs-5 fw-semibold" data-testid="grid-signal-step">
            {signalText(signal)}
            {signal.lost && (
              <span className="badge text-bg-warning ms-2" title={signal.problem ?? ''}>
                {t('feedIn.lost')}
              </span>
            )}
          </div>
        </div>
      )}
      {feedIn.cap_w !== null && (
        <div>
          <div className="small text-body-secondary">{t('feedIn.cap')}</div>
          <div className="fs-5 fw-semibold">{f.unit(feedIn.cap_w, 'W')}</div>
        </div>
      )}
      {feedIn.export_limit_w !== null && (
        <div>
          <div className="small text-body-secondary">{t('feedIn.exportLimit')}</div>
          <div className="fs-5 fw-semibold" data-testid="export-limit">
            {f.unit(feedIn.export_limit_w, 'W')}
          </div>
        </div>
      )}
      {feedIn.production_cap_w !== null && (
        <p className="small text-body-secondary w-100 mb-0">
          {t('feedIn.productionCap', { power: f.unit(feedIn.production_cap_w, 'W') })}
        </p>
      )}
    </div>
  );
}
