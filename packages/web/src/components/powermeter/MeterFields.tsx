import {
  PowerMeterLimits,
  PowerMeterSources,
  type PowerMeterUnitFactors,
  ShellyMeterKinds,
} from '@dtu-console/contract/powermeter/limits';
import { useWatch } from 'react-hook-form';
import { FormCard, NumberField, SelectField, SwitchField, TextField } from '../form';
import { useLimiterTranslation } from '../powerlimiter/labels';
import type { MeterFormValues } from './form-values';
import { Credentials, HttpRequestFields, PasswordField, PollingInterval } from './MeterFieldParts';
import { HttpSmlFields, ModbusFields, SmlSerialFields, SpeedwireFields } from './MeterSourceFields';
import { ReadNow } from './ReadNow';

const L = PowerMeterLimits;
const UNITS = ['W', 'kW', 'mW'] as const satisfies { length: (typeof PowerMeterUnitFactors)['length'] };

/** The meter card: the source, its own settings, how long a reading counts, and "Read now". */
export function MeterFields() {
  const { t } = useLimiterTranslation();
  const [source, phases] = useWatch<MeterFormValues, ['meter.source', 'meter.mqtt.phases']>({
    name: ['meter.source', 'meter.mqtt.phases'],
  });
  return (
    <FormCard title={t('settings.meter')}>
      <p className="form-text mt-0">{t('settings.meterHint')}</p>
      <SelectField
        name="meter.source"
        label={t('settings.source')}
        choices={PowerMeterSources.map((value) => ({ value, label: t(`meter.source.${value}`) }))}
      />
      {source === 'simulated' && <p className="form-text">{t('meter.simulated')}</p>}
      {source === 'mqtt' && <MqttFields phases={Number(phases) === 3 ? 3 : 1} />}
      {source === 'http' && <HttpFields />}
      {source === 'shelly' && <ShellyFields />}
      {source === 'sml_serial' && <SmlSerialFields />}
      {source === 'http_sml' && <HttpSmlFields />}
      {source === 'sma_speedwire' && <SpeedwireFields />}
      {source === 'modbus' && <ModbusFields />}
      {source !== 'none' && (
        <>
          <NumberField
            name="meter.max_age"
            label={t('settings.maxAge')}
            help={t('settings.maxAgeHint')}
            min={L.maxAgeMin}
            max={L.maxAgeMax}
            step={1}
            unit="s"
          />
          <ReadNow />
        </>
      )}
    </FormCard>
  );
}

/** A JSON path with its unit and sign, below `prefix` (an MQTT topic's or the HTTP source's). */
function ValueFields({ prefix, label }: { prefix: string; label?: string }) {
  const { t } = useLimiterTranslation();
  return (
    <>
      <TextField
        name={`${prefix}.json_path`}
        label={label ? `${t('settings.jsonPath')} (${label})` : t('settings.jsonPath')}
        help={label ? undefined : t('settings.jsonPathHint')}
        maxLength={L.jsonPathMaxLength}
      />
      <SelectField
        name={`${prefix}.unit`}
        label={t('settings.unit')}
        numeric
        choices={UNITS.map((unit, value) => ({ value, label: unit }))}
      />
      <SwitchField name={`${prefix}.sign_inverted`} label={t('settings.signInverted')} />
    </>
  );
}

function MqttFields({ phases }: { phases: 1 | 3 }) {
  const { t } = useLimiterTranslation();
  const shared = useWatch<MeterFormValues, 'meter.mqtt.use_gateway_broker'>({
    name: 'meter.mqtt.use_gateway_broker',
  });
  const rows = phases === 3 ? [0, 1, 2] : [0];
  return (
    <>
      <SwitchField
        name="meter.mqtt.use_gateway_broker"
        label={t('settings.useGatewayBroker')}
        help={t('settings.useGatewayBrokerHint')}
      />
      {!shared && (
        <>
          <TextField
            name="meter.mqtt.hostname"
            label={t('settings.hostname')}
            maxLength={L.hostnameMaxLength}
          />
          <NumberField name="meter.mqtt.port" label={t('settings.port')} min={1} max={65535} step={1} />
          <Credentials prefix="meter.mqtt" />
        </>
      )}
      <SelectField
        name="meter.mqtt.phases"
        label={t('settings.topics')}
        numeric
        choices={[
          { value: 1, label: t('settings.oneTopic') },
          { value: 3, label: t('settings.threeTopics') },
        ]}
      />
      {rows.map((row) => {
        const phase = phases === 3 ? `L${row + 1}` : undefined;
        return (
          <div key={row} className={phases === 3 ? 'border-top pt-3' : undefined}>
            <TextField
              name={`meter.mqtt.values.${row}.topic`}
              label={phase ? `${t('settings.topic')} (${phase})` : t('settings.topic')}
              maxLength={L.topicMaxLength}
            />
            <ValueFields prefix={`meter.mqtt.values.${row}`} {...(phase ? { label: phase } : {})} />
          </div>
        );
      })}
    </>
  );
}

function HttpFields() {
  return (
    <HttpRequestFields source="http_json" placeholder="http://192.168.1.20/cm?cmnd=status%2010">
      <ValueFields prefix="meter.http_json" />
    </HttpRequestFields>
  );
}

function ShellyFields() {
  const { t } = useLimiterTranslation();
  return (
    <>
      <TextField
        name="meter.shelly.hostname"
        label={t('settings.shellyHost')}
        placeholder="192.168.1.30"
        maxLength={L.hostnameMaxLength}
      />
      <PasswordField name="meter.shelly.password" help={t('settings.shellyPasswordHint')} />
      <SelectField
        name="meter.shelly.kind"
        label={t('settings.shellyKind')}
        choices={ShellyMeterKinds.map((kind) => ({ value: kind, label: t(`settings.shelly.${kind}`) }))}
      />
      <NumberField
        name="meter.shelly.channel"
        label={t('settings.channel')}
        min={0}
        max={L.channelMax}
        step={1}
      />
      <PollingInterval name="meter.shelly.polling_interval" />
      <SwitchField name="meter.shelly.notifications" label={t('settings.notifications')} />
    </>
  );
}
