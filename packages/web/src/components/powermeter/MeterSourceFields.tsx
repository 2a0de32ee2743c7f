/**
 * The settings of the meter sources that read the meter itself: an SML read head on a serial line, SML
 * over HTTP (a Tibber Pulse bridge and the like), an SMA Energy Meter on Speedwire, a Modbus meter.
 */
import {
  PowerMeterLimits as L,
  ModbusDataTypes,
  ModbusMeterModels,
  ModbusParities,
  ModbusRegisterTypes,
  ModbusTransports,
  ModbusWordOrders,
  PowerMeterBaudRates,
} from '@dtu-console/contract/powermeter/limits';
import { useWatch } from 'react-hook-form';
import { NumberField, SelectField, TextField } from '../form';
import { useLimiterTranslation } from '../powerlimiter/labels';
import type { MeterFormValues } from './form-values';
import { HttpRequestFields, PollingInterval } from './MeterFieldParts';

const BAUD_CHOICES = PowerMeterBaudRates.map((value) => ({ value, label: `${value}` }));

function SerialDevice({ name }: { name: string }) {
  const { t } = useLimiterTranslation();
  return (
    <TextField
      name={name}
      label={t('meterSource.device')}
      help={t('meterSource.deviceHint')}
      placeholder={L.serialDeviceDefault}
      maxLength={L.serialDeviceMaxLength}
    />
  );
}

export function SmlSerialFields() {
  const { t } = useLimiterTranslation();
  return (
    <>
      <p className="form-text">{t('meterSource.smlSerialHint')}</p>
      <SerialDevice name="meter.sml_serial.device" />
      <SelectField
        name="meter.sml_serial.baud_rate"
        label={t('meterSource.baudRate')}
        help={t('meterSource.smlBaudHint')}
        numeric
        choices={BAUD_CHOICES}
      />
    </>
  );
}

export function HttpSmlFields() {
  const { t } = useLimiterTranslation();
  return (
    <>
      <p className="form-text">{t('meterSource.httpSmlHint')}</p>
      <HttpRequestFields source="http_sml" placeholder="http://192.168.1.40/data.json?node_id=1" />
    </>
  );
}

export function SpeedwireFields() {
  const { t } = useLimiterTranslation();
  return (
    <>
      <p className="form-text">{t('meterSource.speedwireHint')}</p>
      <NumberField
        name="meter.sma_speedwire.serial"
        label={t('meterSource.serial')}
        help={t('meterSource.serialHint')}
        min={0}
        max={L.speedwireSerialMax}
        step={1}
      />
    </>
  );
}

export function ModbusFields() {
  const { t } = useLimiterTranslation();
  const [transport, model] = useWatch<MeterFormValues, ['meter.modbus.transport', 'meter.modbus.model']>({
    name: ['meter.modbus.transport', 'meter.modbus.model'],
  });
  const m = 'meter.modbus';
  return (
    <>
      <SelectField
        name={`${m}.model`}
        label={t('meterSource.model')}
        choices={ModbusMeterModels.map((value) => ({ value, label: t(`meterSource.models.${value}`) }))}
      />
      <SelectField
        name={`${m}.transport`}
        label={t('meterSource.transport')}
        choices={ModbusTransports.map((value) => ({ value, label: t(`meterSource.transports.${value}`) }))}
      />
      {transport === 'tcp' ? (
        <>
          <TextField
            name={`${m}.host`}
            label={t('meterSource.host')}
            placeholder="192.168.1.50"
            maxLength={L.hostnameMaxLength}
          />
          <NumberField name={`${m}.port`} label={t('settings.port')} min={1} max={65535} step={1} />
        </>
      ) : (
        <>
          <SerialDevice name={`${m}.device`} />
          <SelectField
            name={`${m}.baud_rate`}
            label={t('meterSource.baudRate')}
            numeric
            choices={BAUD_CHOICES}
          />
          <SelectField
            name={`${m}.parity`}
            label={t('meterSource.parity')}
            choices={ModbusParities.map((value) => ({ value, label: t(`meterSource.parities.${value}`) }))}
          />
        </>
      )}
      <NumberField
        name={`${m}.unit_id`}
        label={t('meterSource.unitId')}
        help={t('meterSource.unitIdHint')}
        min={L.modbusUnitMin}
        max={L.modbusUnitMax}
        step={1}
      />
      {model === 'custom' && (
        <>
          <NumberField
            name={`${m}.register`}
            label={t('meterSource.register')}
            help={t('meterSource.registerHint')}
            min={0}
            max={L.modbusRegisterMax}
            step={1}
          />
          <SelectField
            name={`${m}.register_type`}
            label={t('meterSource.registerType')}
            choices={ModbusRegisterTypes.map((value) => ({
              value,
              label: t(`meterSource.registerTypes.${value}`),
            }))}
          />
          <SelectField
            name={`${m}.data_type`}
            label={t('meterSource.dataType')}
            choices={ModbusDataTypes.map((value) => ({ value, label: value }))}
          />
          <SelectField
            name={`${m}.word_order`}
            label={t('meterSource.wordOrder')}
            choices={ModbusWordOrders.map((value) => ({
              value,
              label: t(`meterSource.wordOrders.${value}`),
            }))}
          />
          <NumberField
            name={`${m}.scale`}
            label={t('meterSource.scale')}
            help={t('meterSource.scaleHint')}
            min={-L.modbusScaleMaxAbs}
            max={L.modbusScaleMaxAbs}
            step="any"
          />
        </>
      )}
      <PollingInterval name={`${m}.polling_interval`} />
    </>
  );
}
