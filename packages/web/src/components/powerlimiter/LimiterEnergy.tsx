import type { PowerLimiterEnergy, PowerLimiterEnergyFlow } from '@dtu-console/contract/powerlimiter/api';
import type { Formatters } from '../../i18n/format';
import { useLimiterTranslation } from './labels';

const SECONDS_PER_HOUR = 3600;

/**
 * The limiter card's energy of today: drawn from and fed into the grid (the meter's registers where it
 * sends them, else its power counted by the gateway) and, with a battery reading, charged and discharged.
 * A flow the gateway has not read today is left out; neither read says so instead of showing zeros.
 */
export function LimiterEnergy({ energy, f }: { energy: PowerLimiterEnergy; f: Formatters }) {
  const { t } = useLimiterTranslation();
  const { grid, battery } = energy;
  const kwh = (wh: number) => f.unit(wh / 1000, 'kWh', 2);
  const clock = new Intl.DateTimeFormat(f.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const basis = (flow: PowerLimiterEnergyFlow, source: 'grid' | 'battery') =>
    t(`card.energyBasis.${source === 'grid' && flow.method === 'counters' ? 'counters' : source}`, {
      since: clock.format(flow.since * 1000),
      counted: duration(flow.counted_s),
    });
  const duration = (seconds: number) => {
    const minutes = Math.floor(seconds / 60);
    return t('card.energyDuration', {
      hours: Math.floor(seconds / SECONDS_PER_HOUR),
      minutes: String(minutes % 60).padStart(2, '0'),
    });
  };
  return (
    <section className="mb-3" data-testid="limiter-energy">
      <h3 className="h6 small text-body-secondary mb-1">{t('card.energyToday')}</h3>
      {grid === null && battery === null ? (
        <p className="small text-body-secondary mb-0" data-testid="limiter-energy-none">
          {t('card.energyNone')}
        </p>
      ) : (
        <>
          {/* Two by two on a phone (the grid's pair, then the battery's), in one row from a tablet on. */}
          <div className="row row-cols-2 row-cols-md-4 g-2">
            {grid && (
              <>
                <Amount label={t('card.energyDrawn')} testId="limiter-energy-drawn" text={kwh(grid.in_wh)} />
                <Amount
                  label={t('card.energyFedIn')}
                  testId="limiter-energy-fed-in"
                  text={kwh(grid.out_wh)}
                />
              </>
            )}
            {battery && (
              <>
                <Amount
                  label={t('card.energyCharged')}
                  testId="limiter-energy-charged"
                  text={kwh(battery.in_wh)}
                />
                <Amount
                  label={t('card.energyDischarged')}
                  testId="limiter-energy-discharged"
                  text={kwh(battery.out_wh)}
                />
              </>
            )}
          </div>
          <ul
            className="list-unstyled small text-body-secondary mt-1 mb-0"
            data-testid="limiter-energy-basis"
          >
            {grid && <li>{basis(grid, 'grid')}</li>}
            {battery && <li>{basis(battery, 'battery')}</li>}
          </ul>
        </>
      )}
    </section>
  );
}

function Amount({ label, testId, text }: { label: string; testId: string; text: string }) {
  return (
    <div className="col">
      <div className="small text-body-secondary">{label}</div>
      <div className="fw-semibold text-nowrap" data-testid={testId}>
        {text}
      </div>
    </div>
  );
}
