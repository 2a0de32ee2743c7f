/**
 * Fields both forms of the Battery screen share: how long a reading counts, a serial device, the MQTT
 * connection's note, and a value read from MQTT (its topic, JSON path and, where it has one, its unit).
 */
import { BatteryLimits as L } from '@dtu-console/contract/battery/limits';
import type { ReactNode } from 'react';
import type { Formatters } from '../../i18n/format';
import { Link } from '../../lib/navigation';
import { NumberField, SelectField, type SelectOption, TextField } from '../form';
import { useBatteryTranslation } from './labels';

/** A number of a hint in the reader's way of writing it: its decimal, if it has one, and grouped digits. */
export function plainNumber(f: Formatters, value: number): string {
  return f.number(value, Number.isInteger(value) ? 0 : 1);
}

export function StaleAfterField({ help }: { help: string }) {
  const { t } = useBatteryTranslation();
  return (
    <NumberField
      name="stale_after_s"
      label={t('settings.staleAfter')}
      help={help}
      min={L.staleAfterMin}
      max={L.staleAfterMax}
      step={1}
      unit="s"
    />
  );
}

export function SerialDeviceField({ name, label }: { name: string; label?: ReactNode }) {
  const { t } = useBatteryTranslation();
  return (
    <TextField
      name={name}
      label={label ?? t('settings.device')}
      help={t('settings.deviceHint')}
      maxLength={L.serialDeviceMaxLength}
    />
  );
}

/**
 * Values read from MQTT come through the gateway's own broker connection: said, with the way there, and how
 * a JSON path finds a value (once for all the values below).
 */
export function MqttNote({ text }: { text: string }) {
  const { t } = useBatteryTranslation();
  return (
    <>
      <p className="form-text">
        {text} <Link to="/settings/mqtt">{t('settings.toMqtt')}</Link>
      </p>
      <p className="form-text">{t('settings.jsonPathHint')}</p>
    </>
  );
}

/** One value read from MQTT below `prefix` (`mqtt.soc` → `mqtt.soc_topic`, `mqtt.soc_json_path`). */
export function MqttValueFields({
  prefix,
  title,
  unit,
}: {
  prefix: string;
  title: string;
  /** The value's unit select, where the payload may be in a fraction of the unit. */
  unit?: { name: string; choices: readonly SelectOption[] };
}) {
  const { t } = useBatteryTranslation();
  return (
    <>
      <hr className="mt-0 mb-3" />
      <fieldset className="mb-3">
        <legend className="h6 fw-semibold mb-2">{title}</legend>
        <TextField name={`${prefix}_topic`} label={t('settings.topic')} maxLength={L.topicMaxLength} />
        <TextField
          name={`${prefix}_json_path`}
          label={t('settings.jsonPath')}
          maxLength={L.jsonPathMaxLength}
        />
        {unit && <SelectField name={unit.name} label={t('settings.unit')} numeric choices={unit.choices} />}
      </fieldset>
    </>
  );
}
