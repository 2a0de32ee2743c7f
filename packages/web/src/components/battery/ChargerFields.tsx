import type { SolarChargerSource } from '@dtu-console/contract/battery/api';
import { BatteryLimits as L, SolarChargerSources } from '@dtu-console/contract/battery/limits';
import { useId } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useFormat } from '../../i18n/format';
import { FormCard, SelectField, SwitchField } from '../form';
import type { ChargerFormValues } from './charger-values';
import { MqttNote, MqttValueFields, plainNumber, StaleAfterField } from './FieldParts';
import { useBatteryTranslation } from './labels';
import { POWER_UNITS, VOLTAGE_UNITS } from './units';

/** The charge-controller card: on or off, the source, only its settings, and how long a reading counts. */
export function ChargerFields() {
  const { t } = useBatteryTranslation();
  const source = useWatch<ChargerFormValues, 'source'>({ name: 'source' });
  return (
    <FormCard title={t('settings.chargers')}>
      <p className="form-text mt-0">{t('settings.chargersHint')}</p>
      <SwitchField name="enabled" label={t('settings.chargersEnabled')} />
      <SelectField
        name="source"
        label={t('settings.source')}
        choices={SolarChargerSources.map((value) => ({ value, label: t(`chargerSource.${value}`) }))}
      />
      <SourceFields source={source} />
      <StaleAfterField help={t('settings.chargerStaleAfterHint')} />
    </FormCard>
  );
}

function SourceFields({ source }: { source: SolarChargerSource }) {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  switch (source) {
    case 'simulated':
      return (
        <p className="form-text" data-testid="charger-simulated-hint">
          {t('settings.simulatedChargers', { power: plainNumber(f, L.simulatedSolarWp) })}
        </p>
      );
    case 'vedirect':
      return <DeviceList />;
    case 'mqtt':
      return (
        <>
          <MqttNote text={t('settings.chargerMqttHint')} />
          <MqttValueFields
            prefix="mqtt.power"
            title={t('settings.solarPower')}
            unit={{ name: 'mqtt.power_unit', choices: POWER_UNITS }}
          />
          <MqttValueFields
            prefix="mqtt.voltage"
            title={t('settings.batteryVoltage')}
            unit={{ name: 'mqtt.voltage_unit', choices: VOLTAGE_UNITS }}
          />
        </>
      );
  }
}

/** The VE.Direct charge controllers: one serial device per row, 1 to the contract's most. */
function DeviceList() {
  const { t } = useBatteryTranslation();
  const { control } = useFormContext<ChargerFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'vedirect.devices' });
  return (
    <>
      <p className="form-text">{t('settings.chargerVedirectHint', { max: L.chargerDevicesMax })}</p>
      {fields.map((field, index) => (
        <DeviceRow
          key={field.id}
          index={index}
          onRemove={fields.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      <div className="row mb-3">
        <div className="col-sm-8 offset-sm-4">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => append({ path: '' })}
            disabled={fields.length >= L.chargerDevicesMax}
          >
            {t('settings.addDevice')}
          </button>
          <div className="form-text">{t('settings.deviceHint')}</div>
        </div>
      </div>
    </>
  );
}

/** One device of the list: its path, and a button that takes it off the list (not the last one). */
function DeviceRow({ index, onRemove }: { index: number; onRemove: (() => void) | undefined }) {
  const { t } = useBatteryTranslation();
  const { register, formState } = useFormContext<ChargerFormValues>();
  const id = `${useId()}-device-${index}`;
  const name = `vedirect.devices.${index}.path` as const;
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const label = t('settings.deviceNumber', { number: index + 1 });
  return (
    <div className="row mb-3">
      <label htmlFor={id} className="col-sm-4 col-form-label">
        {label}
      </label>
      <div className="col-sm-8">
        <div className="input-group">
          <input
            id={id}
            type="text"
            className={`form-control${error ? ' is-invalid' : ''}`}
            maxLength={L.serialDeviceMaxLength}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register(name)}
          />
          {onRemove && (
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={onRemove}
              aria-label={t('settings.removeDeviceNamed', { device: label })}
            >
              {t('settings.removeDevice')}
            </button>
          )}
        </div>
        {error && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error.message}
          </div>
        )}
      </div>
    </div>
  );
}
