import { LimiterInverterRoles, PowerLimiterLimits } from '@dtu-console/contract/powerlimiter/limits';
import { useQuery } from '@tanstack/react-query';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { wifiStatusQuery } from '../../api/wifi';
import { FormCard, NumberField, SwitchField } from '../form';
import '../../styles/tables.scss';
import type { LimiterFormValues } from './form-values';
import { useLimiterTranslation } from './labels';

const L = PowerLimiterLimits;

/** The limiter's numbers, in the card's order: whole numbers, each with its bounds, unit and hint. */
const NUMBERS = [
  {
    name: 'target_power_consumption',
    label: 'settings.target',
    help: 'settings.targetHint',
    min: L.targetMin,
    max: L.targetMax,
    unit: 'W',
  },
  {
    name: 'target_power_consumption_hysteresis',
    label: 'settings.hysteresis',
    help: 'settings.hysteresisHint',
    min: L.hysteresisMin,
    max: L.hysteresisMax,
    unit: 'W',
  },
  {
    name: 'base_load_limit',
    label: 'settings.baseLoad',
    help: 'settings.baseLoadHint',
    min: L.baseLoadLimitMin,
    max: L.baseLoadLimitMax,
    unit: 'W',
  },
  {
    name: 'min_command_interval',
    label: 'settings.commandInterval',
    help: 'settings.commandIntervalHint',
    min: L.minIntervalMin,
    max: L.minIntervalMax,
    unit: 's',
  },
] as const;

/** The limiter card: on/off, target, hysteresis, fallback and command spacing. */
export function LimiterFields() {
  const { t } = useLimiterTranslation();
  return (
    <FormCard title={t('settings.limiter')}>
      <p className="form-text mt-0">{t('settings.limiterHint')}</p>
      <SwitchField name="limiter.enabled" label={t('settings.enabled')} />
      {NUMBERS.map((field) => (
        <NumberField
          key={field.name}
          name={`limiter.${field.name}`}
          label={t(field.label)}
          help={t(field.help)}
          min={field.min}
          max={field.max}
          step={1}
          unit={field.unit}
        />
      ))}
    </FormCard>
  );
}

/** One row per inverter of the plant: governed, behind the meter, its bounds, and what feeds it. */
export function InverterRows() {
  const { t } = useLimiterTranslation();
  const { register, formState } = useFormContext<LimiterFormValues>();
  const rows = useWatch<LimiterFormValues, 'limiter.inverters'>({ name: 'limiter.inverters' });
  const error = get(formState.errors, 'limiter.inverters') as { message?: string } | undefined;
  return (
    <FormCard title={t('settings.inverters')}>
      <p className="form-text mt-0">{t('settings.invertersHint')}</p>
      {rows.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('settings.noInverters')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle mb-0 limiter-inverters">
            <thead>
              <tr>
                <th scope="col">{t('settings.inverter')}</th>
                <th scope="col">{t('settings.governed')}</th>
                <th scope="col">{t('settings.behind')}</th>
                <th scope="col">{t('settings.lower')}</th>
                <th scope="col">{t('settings.upper')}</th>
                <th scope="col">{t('settings.role')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const name = `limiter.inverters.${index}` as const;
                const label = row.name || row.serial;
                return (
                  <tr key={row.serial} data-testid={`limiter-inverter-${row.serial}`}>
                    <th scope="row" className="fw-normal">
                      <div>{label}</div>
                      {row.name && <div className="small text-body-secondary">{row.serial}</div>}
                    </th>
                    <td>
                      <div className="form-check form-switch mb-0">
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={`${t('settings.governed')}: ${label}`}
                          {...register(`${name}.governed`)}
                        />
                      </div>
                    </td>
                    <td>
                      <div className="form-check form-switch mb-0">
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={`${t('settings.behind')}: ${label}`}
                          {...register(`${name}.behind_power_meter`)}
                        />
                      </div>
                    </td>
                    {(['lower_power_limit', 'upper_power_limit'] as const).map((field) => (
                      <td key={field}>
                        <div className="input-group input-group-sm" style={{ minWidth: '7rem' }}>
                          <input
                            type="number"
                            inputMode="numeric"
                            className={`form-control${error ? ' is-invalid' : ''}`}
                            min={0}
                            max={L.inverterLimitMax}
                            step={1}
                            aria-label={`${t(field === 'lower_power_limit' ? 'settings.lower' : 'settings.upper')}: ${label}`}
                            {...register(`${name}.${field}`, { valueAsNumber: true })}
                          />
                          <span className="input-group-text">W</span>
                        </div>
                      </td>
                    ))}
                    <td>
                      <select
                        className="form-select form-select-sm"
                        style={{ minWidth: 'max-content' }}
                        aria-label={`${t('settings.role')}: ${label}`}
                        {...register(`${name}.role`)}
                      >
                        {LimiterInverterRoles.map((role) => (
                          <option key={role} value={role}>
                            {t(`settings.roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {error?.message && (
        <div className="invalid-feedback d-block" role="alert">
          {error.message}
        </div>
      )}
      <WifiNotGoverned />
    </FormCard>
  );
}

/**
 * Inverters read through Hoymiles Wi-Fi devices are not in the table: the limiter sends temporary limits
 * every few seconds, these devices take only persistent ones (written to the inverter's memory) at most
 * every few minutes. Said here, with their serials, so nobody looks for them in vain.
 */
function WifiNotGoverned() {
  const { t } = useLimiterTranslation();
  const status = useQuery(wifiStatusQuery);
  const serials = status.data?.devices.flatMap((d) => d.inverters) ?? [];
  if (serials.length === 0) return null;
  return (
    <p className="form-text mb-0 mt-3" data-testid="limiter-wifi-note">
      {t('settings.wifiNotGoverned', { serials: serials.join(', ') })}
    </p>
  );
}
