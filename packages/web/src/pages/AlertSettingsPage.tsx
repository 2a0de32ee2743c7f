import type { AlertsConfig } from '@dtu-console/contract/alerts/api';
import { AlertLimits } from '@dtu-console/contract/alerts/limits';
import { type AlertsConfigPayload, alertsConfigRules } from '@dtu-console/contract/alerts/schemas';
import { useTranslation } from 'react-i18next';
import { alertsConfigQuery, saveAlertsConfig } from '../api/alerts';
import {
  type ClientRule,
  FormCard,
  NumberField,
  rulesCheck,
  SettingsForm,
  SwitchField,
  TextField,
  useSettingsForm,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { ALERTS_NS, FORMS_NS } from '../i18n';
import { withQuery } from '../lib/query';

type Values = AlertsConfig;
const toValues = (config: AlertsConfig): Values => config;
const toPayload = (values: Values): AlertsConfigPayload => values;

const NUMBERS = [
  'unreachable_minutes',
  'string_percent',
  'string_minutes',
  'string_light_percent',
  'radio_percent',
  'radio_minutes',
  'meter_minutes',
  'limiter_minutes',
  'grid_signal_lost_minutes',
  'grid_signal_hours',
  'ntfy_priority',
] as const;
/** Whole numbers only; the ranges are the contract's rules (codes 24001–24009, 24012, 24013). */
const rules: readonly ClientRule<Values>[] = NUMBERS.map((field) => ({
  field,
  key: 'form.invalid',
  fails: (values: Values) => !Number.isInteger(values[field]),
}));
const check = rulesCheck(alertsConfigRules, toPayload);

/** /settings/alerts: each rule on or off with its thresholds, and the push targets. */
function AlertSettingsPage() {
  const settings = useSettingsForm({
    query: alertsConfigQuery,
    toValues,
    toPayload,
    save: saveAlertsConfig,
    rules,
    check,
    namespace: ALERTS_NS,
  });
  const { t } = useTranslation([ALERTS_NS, FORMS_NS], { nsMode: 'fallback' });
  const minutes = {
    min: AlertLimits.minutesMin,
    max: AlertLimits.minutesMax,
    step: 1,
    unit: t('settings.unitMinutes'),
  };
  const percent = {
    min: AlertLimits.percentMin,
    max: AlertLimits.percentMax,
    step: 1,
    unit: t('settings.unitPercent'),
  };
  const { query } = settings;
  return (
    <PageFrame title={t('alertadmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <FormCard title={t('rule.unreachable')}>
            <p className="form-text">{t('settings.unreachableHint')}</p>
            <SwitchField name="unreachable_enabled" label={t('settings.enabled')} />
            <NumberField name="unreachable_minutes" label={t('settings.minutes')} {...minutes} />
          </FormCard>
          <FormCard title={t('rule.string')}>
            <p className="form-text">{t('settings.stringHint')}</p>
            <SwitchField name="string_enabled" label={t('settings.enabled')} />
            <NumberField name="string_percent" label={t('settings.percent')} {...percent} />
            <NumberField name="string_minutes" label={t('settings.minutes')} {...minutes} />
            <NumberField name="string_light_percent" label={t('settings.light')} {...percent} />
          </FormCard>
          <FormCard title={t('rule.alarm')}>
            <p className="form-text">{t('settings.alarmHint')}</p>
            <SwitchField name="alarm_enabled" label={t('settings.enabled')} />
          </FormCard>
          <FormCard title={t('rule.radio')}>
            <SwitchField name="radio_enabled" label={t('settings.enabled')} />
            <NumberField name="radio_percent" label={t('settings.radioPercent')} {...percent} min={0} />
            <NumberField name="radio_minutes" label={t('settings.radioMinutes')} {...minutes} />
          </FormCard>
          <FormCard title={t('rule.meter')}>
            <p className="form-text">{t('settings.meterHint')}</p>
            <SwitchField name="meter_enabled" label={t('settings.enabled')} />
            <NumberField name="meter_minutes" label={t('settings.minutes')} {...minutes} />
          </FormCard>
          <FormCard title={t('rule.limiter')}>
            <p className="form-text">{t('settings.limiterHint')}</p>
            <SwitchField name="limiter_enabled" label={t('settings.enabled')} />
            <NumberField name="limiter_minutes" label={t('settings.minutes')} {...minutes} />
          </FormCard>
          <FormCard title={t('rule.grid_signal_lost')}>
            <p className="form-text">{t('settings.gridSignalLostHint')}</p>
            <SwitchField name="grid_signal_lost_enabled" label={t('settings.enabled')} />
            <NumberField name="grid_signal_lost_minutes" label={t('settings.minutes')} {...minutes} />
          </FormCard>
          <FormCard title={t('rule.grid_signal')}>
            <p className="form-text">{t('settings.gridSignalHint')}</p>
            <SwitchField name="grid_signal_enabled" label={t('settings.enabled')} />
            <NumberField
              name="grid_signal_hours"
              label={t('settings.hours')}
              min={AlertLimits.hoursMin}
              max={AlertLimits.hoursMax}
              step={1}
              unit={t('settings.unitHours')}
            />
          </FormCard>
          <FormCard title={t('settings.webhook')}>
            <SwitchField name="webhook_enabled" label={t('settings.enabled')} />
            <SecretField
              name="webhook_url"
              label={t('settings.url')}
              maxLength={AlertLimits.urlMaxLength}
              hint
            />
            <SecretField
              name="webhook_auth"
              label={t('settings.auth')}
              maxLength={AlertLimits.secretMaxLength}
            />
          </FormCard>
          <FormCard title={t('settings.ntfy')}>
            <SwitchField name="ntfy_enabled" label={t('settings.enabled')} />
            <SecretField
              name="ntfy_url"
              label={t('settings.url')}
              maxLength={AlertLimits.urlMaxLength}
              hint
            />
            <SecretField
              name="ntfy_token"
              label={t('settings.token')}
              maxLength={AlertLimits.secretMaxLength}
            />
            <NumberField name="ntfy_priority" label={t('settings.priority')} min={1} max={5} step={1} />
          </FormCard>
        </SettingsForm>
      )}
    </PageFrame>
  );
}

export default withQuery(AlertSettingsPage);

/** A write-only push target (URL or token): shown masked, with the hint under the URLs. */
function SecretField({
  name,
  label,
  maxLength,
  hint = false,
}: {
  name: 'webhook_url' | 'webhook_auth' | 'ntfy_url' | 'ntfy_token';
  label: string;
  maxLength: number;
  hint?: boolean;
}) {
  const { t } = useTranslation([ALERTS_NS, FORMS_NS], { nsMode: 'fallback' });
  return (
    <TextField
      name={name}
      type="password"
      label={label}
      maxLength={maxLength}
      autoComplete="off"
      {...(hint ? { help: t('settings.secretHint') } : {})}
    />
  );
}
