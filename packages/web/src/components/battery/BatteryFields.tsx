import type { BatterySource } from '@dtu-console/contract/battery/api';
import { BatterySources, JkBmsInterfaces, BatteryLimits as L } from '@dtu-console/contract/battery/limits';
import { BATTERY_MQTT_VALUES } from '@dtu-console/contract/battery/schemas';
import { useWatch } from 'react-hook-form';
import { useFormat } from '../../i18n/format';
import { Alert } from '../AlertBox';
import { FormCard, SelectField, SwitchField, TextField } from '../form';
import type { BatteryFormValues } from './battery-values';
import { MqttNote, MqttValueFields, plainNumber, SerialDeviceField, StaleAfterField } from './FieldParts';
import { useBatteryTranslation } from './labels';
import { CURRENT_UNITS, VOLTAGE_UNITS } from './units';

/** Pylontech-protocol BMSs talk at 500 kbit/s: the interface is brought up at that rate. */
const CAN_BITRATE = 500_000;

/** The battery card: on or off, the source, only the chosen source's settings, and how long a reading counts. */
export function BatteryFields() {
  const { t } = useBatteryTranslation();
  const source = useWatch<BatteryFormValues, 'source'>({ name: 'source' });
  return (
    <FormCard title={t('settings.battery')}>
      <p className="form-text mt-0">{t('settings.batteryHint')}</p>
      <SwitchField name="enabled" label={t('settings.batteryEnabled')} />
      <SelectField
        name="source"
        label={t('settings.source')}
        choices={BatterySources.map((value) => ({ value, label: t(`source.${value}`) }))}
      />
      <SourceFields source={source} />
      <StaleAfterField help={t('settings.staleAfterHint')} />
    </FormCard>
  );
}

function SourceFields({ source }: { source: BatterySource }) {
  const { t } = useBatteryTranslation();
  const f = useFormat();
  switch (source) {
    case 'simulated':
      return (
        <p className="form-text" data-testid="battery-simulated-hint">
          {t('settings.simulatedBattery', {
            capacity: plainNumber(f, L.simulatedCapacityWh / 1000),
            voltage: plainNumber(f, L.simulatedNominalV),
          })}
        </p>
      );
    case 'vedirect':
      return (
        <>
          <p className="form-text">{t('settings.vedirectHint')}</p>
          <SerialDeviceField name="vedirect.device" />
        </>
      );
    case 'jkbms':
      return (
        <>
          <p className="form-text">{t('settings.jkbmsHint', { seconds: L.jkbmsPollMs / 1000 })}</p>
          <SerialDeviceField name="jkbms.device" />
          <SelectField
            name="jkbms.interface"
            label={t('settings.jkbmsInterface')}
            choices={JkBmsInterfaces.map((value) => ({
              value,
              label: t(`settings.jkbmsInterfaces.${value}`),
            }))}
          />
        </>
      );
    case 'pylontech_can':
      return <CanFields />;
    case 'mqtt':
      return <MqttFields />;
  }
}

function CanFields() {
  const { t } = useBatteryTranslation();
  const name = useWatch<BatteryFormValues, 'can.interface'>({ name: 'can.interface' });
  return (
    <>
      <p className="form-text">{t('settings.canHint')}</p>
      <Alert variant="info" testId="battery-can-needs">
        {t('settings.canNeeds')}
        <div className="mt-2">
          <code>{`ip link set ${name || L.canInterfaceDefault} up type can bitrate ${CAN_BITRATE}`}</code>
        </div>
      </Alert>
      <TextField
        name="can.interface"
        label={t('settings.canInterface')}
        help={t('settings.canInterfaceHint')}
        maxLength={L.canInterfaceMaxLength}
      />
    </>
  );
}

const UNIT_OF: Partial<
  Record<(typeof BATTERY_MQTT_VALUES)[number], { name: string; choices: typeof VOLTAGE_UNITS }>
> = {
  voltage: { name: 'mqtt.voltage_unit', choices: VOLTAGE_UNITS },
  current: { name: 'mqtt.current_unit', choices: CURRENT_UNITS },
};

function MqttFields() {
  const { t } = useBatteryTranslation();
  return (
    <>
      <MqttNote text={t('settings.mqttHint')} />
      {BATTERY_MQTT_VALUES.map((value) => {
        const unit = UNIT_OF[value];
        return (
          <MqttValueFields
            key={value}
            prefix={`mqtt.${value}`}
            title={t(`settings.value.${value}`)}
            {...(unit ? { unit } : {})}
          />
        );
      })}
    </>
  );
}
