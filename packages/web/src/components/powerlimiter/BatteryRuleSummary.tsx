import type { BatteryLimiterRule, BatteryLimiterStatus } from '@dtu-console/contract/powerlimiter/api';
import { useTranslation } from 'react-i18next';
import { BATTERY_NS } from '../../i18n';
import type { Formatters } from '../../i18n/format';
import { useLimiterTranslation } from './labels';

/** How each rule reads at a glance: discharging in green, the stops in grey, an alarm in red. */
const RULE_BADGE: Record<BatteryLimiterRule, string> = {
  battery_off: 'text-bg-secondary',
  bms_alarm: 'text-bg-danger',
  discharging: 'text-bg-success',
  passthrough: 'text-bg-info',
  full_passthrough: 'text-bg-info',
  waiting_for_start: 'text-bg-secondary',
  below_stop: 'text-bg-secondary',
};

/**
 * The battery rule in force (docs/battery.md) and the figures that drive it; only the figures the battery
 * reports (a null is left out, never shown as 0). Nothing while no governed inverter is battery-fed.
 */
export function BatteryRuleSummary({ battery, f }: { battery: BatteryLimiterStatus | null; f: Formatters }) {
  const { t } = useLimiterTranslation();
  if (!battery) return null;
  const figures: [label: string, value: string, note?: string][] = [];
  const { thresholds } = battery;
  // The thresholds under the figure they are judged by: "start 80 % · stop 20 %".
  const between = (unit: '%' | 'V', digits: number) =>
    thresholds
      ? t('card.batteryThresholds', {
          start: f.unit(thresholds.start, unit, digits),
          stop: f.unit(thresholds.stop, unit, digits),
        })
      : undefined;
  if (battery.soc !== null)
    figures.push([t('card.batterySoc'), f.unit(battery.soc, '%', 0), between('%', 0)]);
  else if (battery.corrected_voltage !== null)
    figures.push([t('card.batteryVoltage'), f.unit(battery.corrected_voltage, 'V', 2), between('V', 2)]);
  if (battery.solar_power !== null) figures.push([t('card.batterySolar'), f.unit(battery.solar_power, 'W')]);
  figures.push([
    t('card.batteryCap'),
    battery.cap_w === null ? t('card.batteryNoCap') : f.unit(battery.cap_w, 'W'),
  ]);
  return (
    <div className="d-flex flex-wrap gap-4 mb-3 align-items-start" data-testid="limiter-battery">
      <div>
        <div className="small text-body-secondary">{t('card.battery')}</div>
        <div className="fs-5 fw-semibold">
          <span className={`badge ${RULE_BADGE[battery.rule]}`} data-testid="limiter-battery-rule">
            {t(`card.batteryRules.${battery.rule}`)}
          </span>
        </div>
      </div>
      {battery.alarms.length > 0 && <AlarmNames alarms={battery.alarms} />}
      {figures.map(([label, value, note]) => (
        <div key={label}>
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-5 fw-semibold text-nowrap">{value}</div>
          {note && <div className="small text-body-secondary">{note}</div>}
        </div>
      ))}
    </div>
  );
}

/** The BMS's alarms that stop the discharge, named as the battery's card names them (its texts load here). */
function AlarmNames({ alarms }: { alarms: readonly string[] }) {
  const { t } = useLimiterTranslation();
  const { t: tb } = useTranslation(BATTERY_NS);
  return (
    <div data-testid="limiter-battery-alarms">
      <div className="small text-body-secondary">{t('card.batteryAlarms')}</div>
      <ul className="list-unstyled mb-0 text-danger-emphasis fw-semibold">
        {alarms.map((key) => (
          <li key={key}>{tb(`alarm.${key}`, { defaultValue: key, nsSeparator: false })}</li>
        ))}
      </ul>
    </div>
  );
}
