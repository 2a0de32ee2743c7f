import type { BatteryStatus, SolarChargerStatus } from '@dtu-console/contract/battery/api';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useSignedIn } from '../../api/auth';
import { batteryStatusQuery, solarChargerStatusQuery } from '../../api/battery';
import { type Formatters, useFormat } from '../../i18n/format';
import { Link } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { Alert } from '../AlertBox';
import { QueryState } from '../QueryState';
import '../../styles/progress.scss';
import { ageFigure, direction, figure, powerFigure } from './figures';
import { alarmText, chargeStateText, problemText, useBatteryTranslation } from './labels';

/** The state of charge's bar turns yellow, then red, below these. */
const SOC_LOW = 20;
const SOC_EMPTY = 10;

/**
 * The live view's battery card: the state of charge as a bar, the power and which way it flows, voltage,
 * current, temperature, the BMS's limits, its alarms and warnings, the age of the reading, and the charge
 * controllers' solar power with each one's charge state. A value the source does not report is said so.
 */
function BatteryCard() {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  const signedIn = useSignedIn();
  const status = useQuery(batteryStatusQuery);
  const chargers = useQuery(solarChargerStatusQuery);
  const battery = status.data;
  // Opened before the first answer: a spinner, then the card (never an empty card).
  if (!battery)
    return (
      <QueryState
        error={status.error}
        pending={status.isPending}
        t={t}
        failed={(message) => t('card.loadError', { message })}
      />
    );
  const flow = direction(battery.power, battery.current);
  const age = ageFigure(f, battery.data_age);
  return (
    <div className="card-body" data-testid="battery-card">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        {battery.simulated && (
          <span className="badge text-bg-info" data-testid="battery-simulated">
            {t('card.simulated')}
          </span>
        )}
        {age !== null && (
          <span className="small text-body-secondary" data-testid="battery-age">
            {t('card.age', { age })}
          </span>
        )}
        {signedIn && (
          <Link to="/settings/battery" className="ms-auto small">
            {t('card.settings')}
          </Link>
        )}
      </div>
      {battery.problem && (
        <Alert variant="warning" className="py-2 small" testId="battery-problem">
          {problemText(t, battery.problem)}
        </Alert>
      )}
      <SocBar soc={battery.soc} />
      <div className="d-flex flex-wrap gap-4 mb-3 align-items-start">
        <Figure label={t('card.power')} testId="battery-power" muted={battery.power === null}>
          {powerFigure(f, t, battery.power)}
          {flow && (
            <span className="small text-body-secondary ms-2" data-testid="battery-direction">
              {t(`card.${flow}`)}
            </span>
          )}
        </Figure>
        <Figure label={t('card.voltage')} testId="battery-voltage" muted={battery.voltage === null}>
          {figure(f, t, 'voltage', battery.voltage)}
        </Figure>
        <Figure label={t('card.current')} testId="battery-current" muted={battery.current === null}>
          {figure(f, t, 'current', battery.current)}
        </Figure>
        <Figure
          label={t('card.temperature')}
          testId="battery-temperature"
          muted={battery.temperature === null}
        >
          {figure(f, t, 'temperature', battery.temperature)}
        </Figure>
      </div>
      <Limits battery={battery} f={f} t={t} />
      <Alarms battery={battery} t={t} />
      {chargers.data?.enabled && <Solar chargers={chargers.data} f={f} t={t} />}
    </div>
  );
}

/** The state of charge as a bar with its percentage; "not reported" where the source gives none. */
function SocBar({ soc }: { soc: number | null }) {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  const label = t('card.soc');
  if (soc === null)
    return (
      <Figure label={label} testId="battery-soc" className="mb-3" muted>
        {t('card.notReported')}
      </Figure>
    );
  const shown = Math.min(100, Math.max(0, soc));
  const colour = soc < SOC_EMPTY ? 'bg-danger' : soc < SOC_LOW ? 'bg-warning' : 'bg-success';
  const text = f.unit(soc, '%');
  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between align-items-baseline">
        <span className="small text-body-secondary">{label}</span>
        <span className="fs-5 fw-semibold" data-testid="battery-soc">
          {text}
        </span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuenow={soc}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={text}
      >
        <div className={`progress-bar ${colour}`} style={{ width: `${shown}%` }} />
      </div>
    </div>
  );
}

/** What the BMS allows now; left out when the source reports neither limit. */
function Limits({ battery, f, t }: { battery: BatteryStatus; f: Formatters; t: TFunction }) {
  const { charge_current_limit: charge, discharge_current_limit: discharge } = battery;
  if (charge === null && discharge === null) return null;
  return (
    <div className="mb-3" data-testid="battery-limits">
      <h3 className="h6 mb-1">{t('card.limits')}</h3>
      <div className="d-flex flex-wrap gap-4">
        <Figure label={t('card.chargeLimit')} small muted={charge === null}>
          {figure(f, t, 'limit', charge)}
        </Figure>
        <Figure label={t('card.dischargeLimit')} small muted={discharge === null}>
          {figure(f, t, 'limit', discharge)}
        </Figure>
      </div>
    </div>
  );
}

/** The BMS's alarms (red) and warnings (yellow) in force, in words; nothing when none is. */
function Alarms({ battery, t }: { battery: BatteryStatus; t: TFunction }) {
  if (battery.alarms.length === 0 && battery.warnings.length === 0) return null;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" data-testid="battery-alarms">
      {battery.alarms.map((key) => (
        <span key={`alarm-${key}`} className="badge text-bg-danger" data-testid="battery-alarm">
          {t('card.alarm', { text: alarmText(t, key) })}
        </span>
      ))}
      {battery.warnings.map((key) => (
        <span key={`warning-${key}`} className="badge text-bg-warning" data-testid="battery-warning">
          {t('card.warning', { text: alarmText(t, key) })}
        </span>
      ))}
    </div>
  );
}

/** The charge controllers: their solar power together, and each one's power and charge state. */
function Solar({ chargers, f, t }: { chargers: SolarChargerStatus; f: Formatters; t: TFunction }) {
  return (
    <div data-testid="battery-solar">
      <hr className="my-3" />
      <h3 className="h6 mb-2">{t('card.chargers')}</h3>
      <Figure
        label={t('card.solarTotal')}
        testId="battery-solar-total"
        muted={chargers.total_solar_power === null}
      >
        {figure(f, t, 'power', chargers.total_solar_power)}
      </Figure>
      <ul className="list-unstyled small mb-0 mt-2">
        {chargers.chargers.map((unit, index) => (
          <li key={unit.id} data-testid="battery-charger">
            <span className="fw-semibold">
              {chargers.simulated || !unit.product ? t('card.charger', { number: index + 1 }) : unit.product}
            </span>
            {' · '}
            {unit.charge_state ? chargeStateText(t, unit.charge_state) : t('card.notReported')}
            {' · '}
            <span className="text-nowrap">{figure(f, t, 'power', unit.solar_power)}</span>
            {unit.problem && <span className="text-warning-emphasis"> · {problemText(t, unit.problem)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A labelled value: large for the battery's own figures, `small` for the BMS's limits, `muted` (plain text)
 * for "not reported", which is no figure.
 */
function Figure({
  label,
  testId,
  className,
  small,
  muted,
  children,
}: {
  label: string;
  testId?: string;
  className?: string;
  small?: boolean;
  muted?: boolean;
  children: ReactNode;
}) {
  const shown = muted ? 'text-body-secondary' : small ? 'fw-semibold' : 'fs-5 fw-semibold';
  return (
    <div className={className}>
      <div className="small text-body-secondary">{label}</div>
      <div className={shown} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

export default withQuery(BatteryCard);
