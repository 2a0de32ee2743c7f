/**
 * Fields several meter sources share: a password, user name and password, the polling interval, and an
 * HTTP request (URL, authentication with its credentials, timeout).
 */
import { PowerMeterLimits as L, PowerMeterAuthTypes } from '@dtu-console/contract/powermeter/limits';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { NumberField, SelectField, TextField } from '../form';
import { useLimiterTranslation } from '../powerlimiter/labels';
import type { MeterFormValues } from './form-values';

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

/** The HTTP request of an HTTP source (`http_json`, `http_sml`): URL, authentication, timeout. */
export function HttpRequestFields({
  source,
  placeholder,
  children,
}: {
  source: 'http_json' | 'http_sml';
  placeholder: string;
  /** Fields of the source between the authentication and the timeout. */
  children?: ReactNode;
}) {
  const { t } = useLimiterTranslation();
  const request = `meter.${source}.http_request` as const;
  const auth = Number(
    useWatch<MeterFormValues, `meter.${typeof source}.http_request.auth_type`>({
      name: `${request}.auth_type`,
    }),
  );
  return (
    <>
      <TextField
        name={`${request}.url`}
        type="url"
        label={t('settings.url')}
        placeholder={placeholder}
        maxLength={L.urlMaxLength}
      />
      <SelectField
        name={`${request}.auth_type`}
        label={t('settings.auth')}
        numeric
        choices={[
          { value: PowerMeterAuthTypes.none, label: t('settings.authNone') },
          { value: PowerMeterAuthTypes.basic, label: t('settings.authBasic') },
          { value: PowerMeterAuthTypes.digest, label: t('settings.authDigest') },
        ]}
      />
      {auth !== PowerMeterAuthTypes.none && <Credentials prefix={request} />}
      {children}
      <PollingInterval name={`meter.${source}.polling_interval`} />
      <NumberField
        name={`${request}.timeout`}
        label={t('settings.timeout')}
        min={L.timeoutMin}
        max={L.timeoutMax}
        step={100}
        unit="ms"
      />
    </>
  );
}
