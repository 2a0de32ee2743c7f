import type { DtuConfig, DtuConfigPayload } from '@dtu-console/contract/dtu/api';
import { CmtCountries, DtuLimits, NrfPaLevels } from '@dtu-console/contract/dtu/limits';
import { dtuConfigRules } from '@dtu-console/contract/dtu/schemas';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { dtuConfigQuery, radioStatusQuery, saveDtuConfig } from '../api/dtu';
import { Alert } from '../components/AlertBox';
import {
  type ClientRule,
  FormCard,
  NumberField,
  RangeField,
  rangeRule,
  rulesCheck,
  SelectField,
  SettingsForm,
  TextField,
  useSettingsForm,
  useSettingsTranslation,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { RadioChipState } from '../components/system/RadioChipState';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';

type DtuValues = DtuConfigPayload;

const toValues = (config: DtuConfig): DtuValues => ({
  serial: config.serial,
  pollinterval: config.pollinterval,
  nrf_palevel: config.nrf_palevel,
  cmt_palevel: config.cmt_palevel,
  cmt_frequency: config.cmt_frequency,
  cmt_country: config.cmt_country,
});
const toPayload = (values: DtuValues): DtuConfigPayload => values;

/** The serial is hex text on the wire; the form bound reads its digits as a number. */
const serialNumber = (serial: string) => (/^\d{1,12}$/.test(serial) ? Number(serial) : Number.NaN);

const rules: readonly ClientRule<DtuValues>[] = [
  rangeRule('serial', DtuLimits.serialMin, DtuLimits.serialMax, (v) => serialNumber(v.serial)),
  rangeRule('pollinterval', DtuLimits.pollIntervalMin, DtuLimits.pollIntervalMax, (v) => v.pollinterval),
];
const check = rulesCheck(dtuConfigRules, toPayload);

/** /settings/dtu: the gateway's own serial, poll interval and both radios. */
function DtuSettingsPage() {
  const settings = useSettingsForm({
    query: dtuConfigQuery,
    toValues,
    toPayload,
    save: saveDtuConfig,
    rules,
    check,
  });
  const { t, query } = settings;
  return (
    <PageFrame title={t('dtuadmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings} reloadLabel={t('form.cancel')}>
          <DtuFields config={query.data} />
        </SettingsForm>
      )}
    </PageFrame>
  );
}

export function DtuFields({ config }: { config: DtuConfig }) {
  const { t } = useSettingsTranslation();
  const f = useFormat();
  const radios = useQuery(radioStatusQuery);
  const { setValue } = useFormContext<DtuValues>();
  const [country, frequency] = useWatch<DtuValues, ['cmt_country', 'cmt_frequency']>({
    name: ['cmt_country', 'cmt_frequency'],
  });
  const rules = config.country_def[country] ?? CmtCountries[country];
  const outsideLegal =
    rules !== undefined && (frequency < rules.freq_legal_min || frequency > rules.freq_legal_max);
  const mhz = (hz: number) => f.unit(hz / 1e6, 'MHz', 3);
  return (
    <>
      <FormCard title={t('dtu.general')}>
        <TextField name="serial" label={t('dtu.serial')} maxLength={12} help={t('dtu.serialHint')} />
        <NumberField
          name="pollinterval"
          label={t('dtu.pollInterval')}
          min={DtuLimits.pollIntervalMin}
          max={DtuLimits.pollIntervalMax}
          unit={t('dtu.seconds')}
        />
      </FormCard>
      <FormCard title="nRF24">
        <RadioChipState chip="nRF24" status={radios.data} />
        <SelectField
          name="nrf_palevel"
          numeric
          label={t('dtu.nrfPaLevel')}
          choices={NrfPaLevels.map((level) => ({
            value: level.value,
            label: t(`dtu.paLevel.${level.label}`, { dbm: level.dbm }),
          }))}
        />
      </FormCard>
      <FormCard title="CMT2300A">
        <RadioChipState chip="CMT2300A" status={radios.data} />
        <RangeField
          name="cmt_palevel"
          label={t('dtu.cmtPaLevel')}
          min={DtuLimits.cmtPaLevelMinDbm}
          max={DtuLimits.cmtPaLevelMaxDbm}
          display={(dbm) => f.unit(dbm, 'dBm')}
        />
        <SelectField
          name="cmt_country"
          numeric
          label={t('dtu.cmtCountry')}
          help={t('dtu.cmtCountryHint')}
          choices={CmtCountries.map((entry) => ({ value: entry.id, label: t(`dtu.country.${entry.id}`) }))}
          onPicked={(picked) => {
            const next = config.country_def[Number(picked)] ?? CmtCountries[Number(picked)];
            if (next) setValue('cmt_frequency', next.freq_default, { shouldDirty: true });
          }}
        />
        {rules && (
          <RangeField
            name="cmt_frequency"
            label={t('dtu.cmtFrequency')}
            min={rules.freq_min}
            max={rules.freq_max}
            step={config.cmt_chan_width || DtuLimits.cmtChannelWidthHz}
            display={mhz}
            help={t('dtu.frequencyHint')}
          />
        )}
        {outsideLegal && rules && (
          <Alert variant="warning" testId="frequency-warning">
            {t('dtu.frequencyWarning', { min: mhz(rules.freq_legal_min), max: mhz(rules.freq_legal_max) })}
          </Alert>
        )}
      </FormCard>
    </>
  );
}

export default withQuery(DtuSettingsPage);
