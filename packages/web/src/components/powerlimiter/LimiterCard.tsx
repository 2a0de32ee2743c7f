import type { PowerLimiterState } from '@dtu-console/contract/powerlimiter/api';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSignedIn } from '../../api/auth';
import {
  powerLimiterEnergyQuery,
  powerLimiterStateKey,
  powerLimiterStatusQuery,
  powerLimiterTraceQuery,
} from '../../api/powerlimiter';
import { powerMeterProblemKey, powerMeterStatusQuery } from '../../api/powermeter';
import { type Formatters, useFormat } from '../../i18n/format';
import { Link } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { QueryState } from '../QueryState';
import '../../styles/tables.scss';
import { BatteryRuleSummary } from './BatteryRuleSummary';
import { FeedInSummary } from './FeedInSummary';
import { LimiterEnergy } from './LimiterEnergy';
import { useLimiterTranslation } from './labels';

/** The chart and its styles load only once the card shows. */
const LimiterChart = lazy(() => import('./LimiterChart'));

const STATE_BADGE: Record<PowerLimiterState, string> = {
  off: 'text-bg-secondary',
  waiting_for_meter: 'text-bg-info',
  regulating: 'text-bg-success',
  fallback: 'text-bg-warning',
  no_inverters: 'text-bg-warning',
  waiting_for_signal: 'text-bg-info',
};

export interface LimiterCardInverter {
  serial: string;
  name: string;
}

/**
 * The live view's limiter card (docs/limiter.md): grid power, target and state, today's energy at the grid
 * point and of the battery, each governed inverter's limit, output and commands of the last hour, and the
 * last 15 minutes as a chart.
 */
function LimiterCard({ inverters }: { inverters: readonly LimiterCardInverter[] }) {
  const { t } = useLimiterTranslation();
  const f = useFormat();
  const signedIn = useSignedIn();
  const status = useQuery(powerLimiterStatusQuery);
  const meter = useQuery(powerMeterStatusQuery);
  const trace = useQuery(powerLimiterTraceQuery);
  const energy = useQuery(powerLimiterEnergyQuery);
  const limiter = status.data;
  // Opened before the first answer: a spinner, then the card (never an empty card).
  if (!limiter)
    return (
      <QueryState
        error={status.error}
        pending={status.isPending}
        t={t}
        failed={(message) => t('card.loadError', { message })}
      />
    );
  const governed = limiter.inverters.filter((inv) => inv.governed);
  const problem = meter.data?.valid === false ? meter.data.problem : null;
  return (
    <div className="card-body" data-testid="limiter-card">
      <div className="d-flex flex-wrap gap-4 mb-3 align-items-start">
        <Figure label={t('card.grid')} testId="limiter-grid">
          {gridText(f, limiter.grid_power)}
          {limiter.grid_power !== null && Math.abs(limiter.grid_power) >= 1 && (
            <span className="small text-body-secondary ms-2">
              {t(limiter.grid_power > 0 ? 'card.import' : 'card.export')}
            </span>
          )}
        </Figure>
        <Figure label={t('card.target')}>{f.unit(limiter.target, 'W')}</Figure>
        {/* The meter's own counters (1.8.0 and 2.8.0), only where its source reports them. */}
        {meter.data?.energy_import_wh != null && (
          <Figure label={t('card.energyImport')} testId="limiter-energy-import">
            {f.unit(meter.data.energy_import_wh / 1000, 'kWh', 1)}
          </Figure>
        )}
        {meter.data?.energy_export_wh != null && (
          <Figure label={t('card.energyExport')} testId="limiter-energy-export">
            {f.unit(meter.data.energy_export_wh / 1000, 'kWh', 1)}
          </Figure>
        )}
        <Figure label={t('card.state')}>
          <span className={`badge ${STATE_BADGE[limiter.state]}`} data-testid="limiter-state">
            {t(powerLimiterStateKey(limiter.state))}
          </span>
        </Figure>
        {signedIn && (
          <Link to="/settings/powerlimiter" className="ms-auto small">
            {t('card.settings')}
          </Link>
        )}
      </div>
      {energy.data && <LimiterEnergy energy={energy.data} f={f} />}
      <FeedInSummary feedIn={limiter.feed_in} f={f} />
      <BatteryRuleSummary battery={limiter.battery ?? null} f={f} />
      {problem && (
        <p className="small text-body-secondary">
          {t(powerMeterProblemKey(problem), { defaultValue: problem.detail })}
          {signedIn && (
            <>
              {' '}
              <Link to="/settings/powermeter">{t('settings.toMeter')}</Link>
            </>
          )}
        </p>
      )}
      {governed.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle small">
            <thead>
              <tr>
                <th scope="col">{t('card.inverter')}</th>
                <th scope="col" className="text-end">
                  {t('card.limit')}
                </th>
                <th scope="col" className="text-end">
                  {t('card.output')}
                </th>
                {/* The command count is the least needed column: left out on a phone, where four do not fit. */}
                <th scope="col" className="text-end d-none d-sm-table-cell" title={t('card.commands')}>
                  {t('card.commandsShort')}
                </th>
              </tr>
            </thead>
            <tbody>
              {governed.map((inv) => (
                <tr key={inv.serial} data-testid={`limiter-row-${inv.serial}`}>
                  <th scope="row" className="fw-normal">
                    {inverters.find((known) => known.serial === inv.serial)?.name || inv.serial}
                    {inv.role === 'battery' && (
                      <div className="text-body-secondary">{t('card.batteryFed')}</div>
                    )}
                    {inv.failing && <div className="text-danger">{t('card.failing')}</div>}
                    {inv.lease_until !== null && (
                      <div className="text-body-secondary">
                        {t('card.leased', { time: f.dateTime(new Date(inv.lease_until * 1000)) })}
                      </div>
                    )}
                  </th>
                  <td className="text-end text-nowrap">
                    {inv.limit_w === null ? '–' : f.unit(inv.limit_w, 'W')}
                  </td>
                  <td className="text-end text-nowrap">{f.unit(inv.output_w, 'W')}</td>
                  <td className="text-end d-none d-sm-table-cell">{inv.commands_last_hour}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="h6 small text-body-secondary mb-1">{t('card.chart')}</h3>
      {trace.data && (
        <Suspense fallback={null}>
          <LimiterChart trace={trace.data} />
        </Suspense>
      )}
    </div>
  );
}

function gridText(f: Formatters, power: number | null): string {
  return power === null ? '–' : f.unit(power, 'W', 1);
}

function Figure({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <div>
      <div className="small text-body-secondary">{label}</div>
      <div className="fs-5 fw-semibold" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

export default withQuery(LimiterCard);
