/**
 * What the saved source of each form of the Battery screen reports now, shown under its form: the values
 * (not reported ones said so), or why there are none; "Simulated" for the built-in simulation; the frames
 * decoded and refused.
 */
import type { BatteryProblem, SolarChargerUnit } from '@dtu-console/contract/battery/api';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { batteryStatusQuery, solarChargerStatusQuery } from '../../api/battery';
import { useFormat } from '../../i18n/format';
import { QueryState } from '../QueryState';
import '../../styles/tables.scss';
import { ageFigure, direction, figure, powerFigure } from './figures';
import { chargeStateText, problemText, useBatteryTranslation } from './labels';

export function BatteryStatusCard() {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  const query = useQuery(batteryStatusQuery);
  const s = query.data;
  return (
    <StatusCard title={t('status.battery')} testId="battery-status">
      {s ? (
        <div className="card-body">
          <SourceLine
            source={t(`source.${s.source}`)}
            simulated={s.simulated}
            problem={s.enabled ? s.problem : null}
            off={!s.enabled}
          />
          <Rows
            rows={[
              [t('card.soc'), figure(f, t, 'soc', s.soc)],
              [t('card.voltage'), figure(f, t, 'voltage', s.voltage)],
              [t('card.current'), figure(f, t, 'current', s.current)],
              [t('card.power'), withDirection(powerFigure(f, t, s.power), direction(s.power, s.current), t)],
              [t('card.temperature'), figure(f, t, 'temperature', s.temperature)],
              [t('card.dataAge'), ageFigure(f, s.data_age) ?? t('card.notReported')],
              [t('status.frames'), t('status.framesCount', { ok: s.frames_ok, bad: s.frames_bad })],
            ]}
          />
        </div>
      ) : (
        <Pending query={query} />
      )}
    </StatusCard>
  );
}

export function ChargerStatusCard() {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  const query = useQuery(solarChargerStatusQuery);
  const s = query.data;
  return (
    <StatusCard title={t('status.chargers')} testId="charger-status">
      {s ? (
        <div className="card-body">
          <SourceLine
            source={t(`chargerSource.${s.source}`)}
            simulated={s.simulated}
            problem={s.enabled ? s.problem : null}
            off={!s.enabled}
          />
          {s.enabled && <Rows rows={[[t('card.solarTotal'), figure(f, t, 'power', s.total_solar_power)]]} />}
          {s.chargers.map((unit, index) => (
            <UnitStatus key={unit.id} unit={unit} index={index} simulated={s.simulated} />
          ))}
        </div>
      ) : (
        <Pending query={query} />
      )}
    </StatusCard>
  );
}

function UnitStatus({
  unit,
  index,
  simulated,
}: {
  unit: SolarChargerUnit;
  index: number;
  simulated: boolean;
}) {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  return (
    <div data-testid="charger-unit">
      <h3 className="h6 mt-3 mb-1">
        {t('card.charger', { number: index + 1 })}
        {/* The device's path and the product's own name, as they are (a simulated one has neither). */}
        {!simulated && (
          <span className="small fw-normal ms-2">
            <code>{unit.id}</code>
            {unit.product && <span className="font-monospace ms-2">{unit.product}</span>}
          </span>
        )}
      </h3>
      {unit.problem && <p className="small text-warning-emphasis mb-1">{problemText(t, unit.problem)}</p>}
      <Rows
        rows={[
          [t('card.solar'), figure(f, t, 'power', unit.solar_power)],
          [
            t('card.chargeState'),
            unit.charge_state ? chargeStateText(t, unit.charge_state) : t('card.notReported'),
          ],
          [t('card.batteryVoltage'), figure(f, t, 'voltage', unit.battery_voltage)],
          [t('card.batteryCurrent'), figure(f, t, 'current', unit.battery_current)],
          [t('card.dataAge'), ageFigure(f, unit.data_age) ?? t('card.notReported')],
          [t('status.frames'), t('status.framesCount', { ok: unit.frames_ok, bad: unit.frames_bad })],
        ]}
      />
    </div>
  );
}

function StatusCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="card mb-4" data-testid={testId}>
      <h2 className="card-header h6">{title}</h2>
      {children}
    </section>
  );
}

/** The saved source, "Simulated" plainly, and the source's problem or "switched off". */
function SourceLine({
  source,
  simulated,
  problem,
  off,
}: {
  source: string;
  simulated: boolean;
  problem: BatteryProblem | null;
  off: boolean;
}) {
  const { t } = useBatteryTranslation();
  return (
    <>
      <p className="mb-2">
        {t('status.source', { source })}
        {simulated && (
          <span className="badge text-bg-info ms-2" data-testid="status-simulated">
            {t('card.simulated')}
          </span>
        )}
      </p>
      {off && <p className="small text-body-secondary mb-2">{t('status.off')}</p>}
      {problem && (
        <p className="small text-warning-emphasis mb-2" data-testid="status-problem">
          {problemText(t, problem)}
        </p>
      )}
    </>
  );
}

function withDirection(power: string, flow: string | null, t: TFunction): string {
  return flow ? `${power} (${t(`card.${flow}`)})` : power;
}

function Rows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <table className="table table-sm small mb-0">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="fw-normal text-body-secondary">
              {label}
            </th>
            <td className="text-end">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pending({ query }: { query: { error: Error | null; isPending: boolean } }) {
  const { t } = useBatteryTranslation();
  return (
    <QueryState
      error={query.error}
      pending={query.isPending}
      t={t}
      failed={(message) => t('status.loadError', { message })}
    />
  );
}
