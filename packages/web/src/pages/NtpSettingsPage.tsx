import type { NtpConfig, TimezoneMap } from '@dtu-console/contract/ntp/api';
import { NtpLimits, SunsetType, SunsetZenithDeg } from '@dtu-console/contract/ntp/limits';
import { ntpConfigRules } from '@dtu-console/contract/ntp/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActionState, useEffect, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  type NtpConfigSave,
  ntpConfigQuery,
  ntpTimeQuery,
  saveNtpConfig,
  saveNtpTime,
  timezonesQuery,
} from '../api/ntp';
import { type AlertMessage, errorAlert, responseAlert } from '../api/response';
import {
  type ClientRule,
  CodeAlert,
  FormCard,
  maxLengthRule,
  NumberField,
  rangeRule,
  rulesCheck,
  SelectField,
  SettingsForm,
  TextField,
  useSettingsForm,
  useSettingsTranslation,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';

interface NtpValues {
  ntp_server: string;
  ntp_timezone_descr: string;
  ntp_timezone: string;
  latitude: number;
  longitude: number;
  sunsettype: number;
}

const toPayload = (values: NtpValues): NtpConfigSave => values;

const rules: readonly ClientRule<NtpValues>[] = [
  maxLengthRule('ntp_server', NtpLimits.serverInputMaxLength, (v) => v.ntp_server),
  rangeRule('latitude', NtpLimits.latitudeMin, NtpLimits.latitudeMax, (v) => v.latitude),
  rangeRule('longitude', NtpLimits.longitudeMin, NtpLimits.longitudeMax, (v) => v.longitude),
];
const check = rulesCheck(ntpConfigRules, toPayload);

const SUNSET_TYPES = [
  SunsetType.Official,
  SunsetType.Nautical,
  SunsetType.Civil,
  SunsetType.Astronomical,
] as const;
const SUNSET_NAMES = ['official', 'nautical', 'civil', 'astronomical'] as const;

/** /settings/ntp: time server, zone, location for sunrise and sunset, and setting the clock by hand. */
function NtpSettingsPage() {
  const zones = useQuery(timezonesQuery);
  const zoneMap = zones.data;
  // The zone's rule is read from the zone list, the same table the gateway uses.
  const toValues = useMemo(
    () =>
      (config: NtpConfig): NtpValues => ({
        ...config,
        ntp_timezone: zoneMap?.[config.ntp_timezone_descr] ?? '',
      }),
    [zoneMap],
  );
  const settings = useSettingsForm({
    query: ntpConfigQuery,
    toValues,
    toPayload,
    save: saveNtpConfig,
    rules,
    check,
  });
  const { t, query } = settings;
  return (
    <PageFrame
      title={t('ntpadmin.title')}
      loading={query.isPending || zones.isPending}
      onReload={settings.reload}
    >
      {query.data && zoneMap && (
        <>
          <SettingsForm settings={settings}>
            <NtpFields zones={zoneMap} />
          </SettingsForm>
          <ManualTimeCard />
        </>
      )}
    </PageFrame>
  );
}

function NtpFields({ zones }: { zones: TimezoneMap }) {
  const { t } = useSettingsTranslation();
  const { setValue, getValues } = useFormContext<NtpValues>();
  const current = getValues('ntp_timezone_descr');
  const choices = useMemo(() => {
    const names = Object.keys(zones).sort((a, b) => a.localeCompare(b));
    // A stored zone the list does not know stays selectable, so opening the form changes nothing.
    if (current && !(current in zones)) names.unshift(current);
    return names.map((name) => ({ value: name, label: name }));
  }, [zones, current]);
  return (
    <>
      <FormCard title={t('ntp.server')}>
        <TextField
          name="ntp_server"
          label={t('ntp.serverName')}
          maxLength={NtpLimits.serverInputMaxLength}
          help={t('ntp.serverHint')}
        />
        <SelectField
          name="ntp_timezone_descr"
          label={t('ntp.timezone')}
          choices={choices}
          onPicked={(name) => setValue('ntp_timezone', zones[name] ?? '', { shouldDirty: true })}
        />
        <TextField
          name="ntp_timezone"
          label={t('ntp.timezoneRule')}
          maxLength={NtpLimits.timezoneInputMaxLength}
          readOnly
          help={t('ntp.timezoneRuleHint')}
        />
      </FormCard>
      <FormCard title={t('ntp.location')}>
        <NumberField
          name="latitude"
          label={t('ntp.latitude')}
          step="any"
          min={NtpLimits.latitudeMin}
          max={NtpLimits.latitudeMax}
          unit="°"
        />
        <NumberField
          name="longitude"
          label={t('ntp.longitude')}
          step="any"
          min={NtpLimits.longitudeMin}
          max={NtpLimits.longitudeMax}
          unit="°"
        />
        <SelectField
          name="sunsettype"
          numeric
          label={t('ntp.sunsetType')}
          help={t('ntp.sunsetHint')}
          choices={SUNSET_TYPES.map((type) => ({
            value: type,
            label: t(`ntp.sunset.${SUNSET_NAMES[type]}`, { angle: Number(SunsetZenithDeg[type].toFixed(1)) }),
          }))}
        />
      </FormCard>
    </>
  );
}

/** The clock of one side, ticking every second. */
function useTicking(offsetMs: number | undefined): Date | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return offsetMs === undefined ? undefined : new Date(now + offsetMs);
}

/** Device time and local time tick every second; "synchronise" sends the browser's time. */
function ManualTimeCard() {
  const { t } = useSettingsTranslation();
  const queryClient = useQueryClient();
  const time = useQuery(ntpTimeQuery);
  const format = useFormat();
  const offset = useMemo(() => {
    const d = time.data;
    if (!d) return undefined;
    return new Date(d.year, d.month - 1, d.day, d.hour, d.minute, d.second).getTime() - time.dataUpdatedAt;
  }, [time.data, time.dataUpdatedAt]);
  const device = useTicking(offset);
  const local = useTicking(0);

  // The form's action: sends the browser's time; its answer is the card's alert until dismissed.
  const [answer, synchronise, busy] = useActionState(async (): Promise<AlertMessage> => {
    const now = new Date();
    try {
      return responseAlert(
        t,
        await saveNtpTime({
          year: now.getFullYear(),
          month: now.getMonth() + 1,
          day: now.getDate(),
          hour: now.getHours(),
          minute: now.getMinutes(),
          second: now.getSeconds(),
        }),
      );
    } catch (error) {
      return errorAlert(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ntpTimeQuery.queryKey });
    }
  }, null);
  const [dismissed, setDismissed] = useState<AlertMessage | null>(null);

  return (
    <FormCard title={t('ntp.manualTime')}>
      <CodeAlert alert={answer === dismissed ? null : answer} onDismiss={() => setDismissed(answer)} />
      <dl className="row mb-3">
        <dt className="col-sm-4">{t('ntp.deviceTime')}</dt>
        <dd className="col-sm-8 font-monospace" data-testid="device-time">
          {device ? format.dateTime(device) : '–'}
        </dd>
        <dt className="col-sm-4">{t('ntp.localTime')}</dt>
        <dd className="col-sm-8 font-monospace" data-testid="local-time">
          {local ? format.dateTime(local) : '–'}
        </dd>
      </dl>
      <form action={synchronise}>
        <button type="submit" className="btn btn-outline-primary" disabled={busy}>
          {t('ntp.synchronise')}
        </button>
      </form>
    </FormCard>
  );
}

export default withQuery(NtpSettingsPage);
