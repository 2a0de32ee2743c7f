/** Fields several meter sources share: a password, user name and password, the polling interval. */
import { PowerMeterLimits as L } from '@dtu-console/contract/limits';
import { NumberField, TextField } from '../form';
import { useLimiterTranslation } from './labels';

/** A meter source's password (MQTT broker, HTTP source, Shelly). */
export function PasswordField({ name, help }: { name: string; help: string }) {
  const { t } = useLimiterTranslation();
  return (
    <TextField
      name={name}
      type="password"
      label={t('settings.password')}
      help={help}
      maxLength={L.passwordMaxLength}
      autoComplete="new-password"
    />
  );
}

/** User name and password below `prefix` (the MQTT broker's or the HTTP source's). */
export function Credentials({ prefix }: { prefix: string }) {
  const { t } = useLimiterTranslation();
  return (
    <>
      <TextField name={`${prefix}.username`} label={t('settings.username')} maxLength={L.usernameMaxLength} />
      <PasswordField name={`${prefix}.password`} help={t('settings.passwordHint')} />
    </>
  );
}

/** How often the HTTP source or the Shelly is asked. */
export function PollingInterval({ name }: { name: string }) {
  const { t } = useLimiterTranslation();
  return (
    <NumberField
      name={name}
      label={t('settings.interval')}
      min={L.pollingIntervalMin}
      max={L.pollingIntervalMax}
      step={1}
      unit="s"
    />
  );
}
