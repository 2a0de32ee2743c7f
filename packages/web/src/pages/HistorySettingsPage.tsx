import type { HistoryConfig, HistoryStatus } from '@dtu-console/contract/history/api';
import { HistoryLimits } from '@dtu-console/contract/history/limits';
import { type HistoryConfigPayload, historyConfigRules } from '@dtu-console/contract/history/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useActionState, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadHistoryExport,
  gatewayTodayQuery,
  historyConfigQuery,
  historyStatusQuery,
  importHistory,
  saveHistoryConfig,
} from '../api/history';
import { type AlertMessage, errorAlert, responseAlert } from '../api/response';
import { Alert } from '../components/AlertBox';
import {
  type ClientRule,
  CodeAlert,
  FormCard,
  NumberField,
  rulesCheck,
  SettingsForm,
  SwitchField,
  useSettingsForm,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { saveFile } from '../components/saveFile';
import { UploadProgress } from '../components/UploadStatus';
import { FORMS_NS, HISTORY_NS } from '../i18n';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';

type HistoryValues = HistoryConfig;

const toValues = (config: HistoryConfig): HistoryValues => config;
const toPayload = (values: HistoryValues): HistoryConfigPayload => values;

/** Whole days only; the ranges themselves are the contract's rules (codes 13001–13003). */
const wholeDays = (field: keyof HistoryValues): ClientRule<HistoryValues> => ({
  field,
  key: 'form.invalid',
  fails: (values) => !Number.isInteger(values[field]) || (values[field] as number) < 0,
});
const rules: readonly ClientRule<HistoryValues>[] = [
  wholeDays('minute_days'),
  wholeDays('quarter_days'),
  wholeDays('daily_days'),
];
const check = rulesCheck(historyConfigRules, toPayload);

function useHistorySettingsTranslation() {
  return useTranslation([HISTORY_NS, FORMS_NS], { nsMode: 'fallback' });
}

/** /settings/history: what is recorded and for how long, what is stored, and the history's own export and import. */
function HistorySettingsPage() {
  const settings = useSettingsForm({
    query: historyConfigQuery,
    toValues,
    toPayload,
    save: saveHistoryConfig,
    rules,
    check,
    namespace: HISTORY_NS,
  });
  const { t } = useHistorySettingsTranslation();
  const status = useQuery(historyStatusQuery);
  const { query } = settings;
  return (
    <PageFrame
      title={t('historyadmin.title')}
      loading={query.isPending}
      onReload={() => {
        settings.reload();
        void status.refetch();
      }}
    >
      {query.data && (
        <SettingsForm settings={settings}>
          <FormCard title={t('historyadmin.recording')}>
            <SwitchField
              name="enabled"
              label={t('historyadmin.enabled')}
              help={t('historyadmin.enabledHint')}
            />
          </FormCard>
          <FormCard title={t('historyadmin.keep')}>
            <NumberField
              name="minute_days"
              label={t('historyadmin.minuteDays')}
              min={HistoryLimits.minuteDaysMin}
              max={HistoryLimits.minuteDaysMax}
              step={1}
              unit={t('historyadmin.days')}
            />
            <NumberField
              name="quarter_days"
              label={t('historyadmin.quarterDays')}
              min={HistoryLimits.quarterDaysMin}
              max={HistoryLimits.quarterDaysMax}
              step={1}
              unit={t('historyadmin.days')}
            />
            <NumberField
              name="daily_days"
              label={t('historyadmin.dailyDays')}
              min={0}
              max={HistoryLimits.dailyDaysMax}
              step={1}
              unit={t('historyadmin.days')}
              help={t('historyadmin.dailyDaysHint')}
            />
          </FormCard>
        </SettingsForm>
      )}
      <div className="d-grid gap-3">
        {status.data && <StatusCard status={status.data} />}
        <ExportCard />
        <ImportCard onDone={() => void status.refetch()} />
      </div>
    </PageFrame>
  );
}

function StatusCard({ status }: { status: HistoryStatus }) {
  const { t } = useHistorySettingsTranslation();
  const f = useFormat();
  const day = (value: string | null) =>
    value
      ? new Intl.DateTimeFormat(f.locale, {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          timeZone: 'UTC',
        }).format(new Date(`${value}T00:00:00Z`))
      : t('historyadmin.none');
  const rows: [string, string][] = [
    [t('historyadmin.size'), f.kilobytes(status.database_bytes)],
    [t('historyadmin.oldestMinute'), day(status.oldest_minute)],
    [t('historyadmin.oldestQuarter'), day(status.oldest_quarter)],
    [t('historyadmin.oldestDay'), day(status.oldest_day)],
    [
      t('historyadmin.inverters'),
      status.serials.length > 0 ? status.serials.join(', ') : t('historyadmin.none'),
    ],
  ];
  return (
    <FormCard title={t('historyadmin.status')} flush>
      <dl className="row mb-0" data-testid="history-status">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-sm-4 fw-normal text-body-secondary">{label}</dt>
            <dd className="col-sm-8 text-break">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </FormCard>
  );
}

function ExportCard() {
  const { t } = useHistorySettingsTranslation();
  const today = useQuery(gatewayTodayQuery);
  // The form's action: downloads the export; a failure is its state, shown until the next try.
  const [error, download, busy] = useActionState(async (): Promise<string | null> => {
    try {
      saveFile(await downloadHistoryExport(), `dtu-console-history-${today.data ?? 'export'}.json.gz`);
      return null;
    } catch (cause) {
      return errorAlert(cause).text;
    }
  }, null);

  return (
    <FormCard title={t('historyadmin.export')} flush>
      <p className="text-body-secondary">{t('historyadmin.exportHint')}</p>
      {error && <Alert variant="danger">{error}</Alert>}
      <form action={download}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('historyadmin.download')}
        </button>
      </form>
    </FormCard>
  );
}

function ImportCard({ onDone }: { onDone: () => void }) {
  const { t } = useHistorySettingsTranslation();
  const queryClient = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [alert, setAlert] = useState<AlertMessage | null>(null);

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setAlert({ variant: 'warning', text: t('historyadmin.noFile') });
      return;
    }
    setAlert(null);
    setPercent(0);
    try {
      const answer = await importHistory(file, setPercent);
      setAlert(responseAlert(t, answer));
      if (answer.type === 'success') {
        if (input.current) input.current.value = '';
        // Charts opened before show the merged days on their next look.
        await queryClient.invalidateQueries({ queryKey: ['history'] });
        onDone();
      }
    } catch (error) {
      setAlert(errorAlert(error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <FormCard title={t('historyadmin.import')} flush>
      <p className="text-body-secondary">{t('historyadmin.importHint')}</p>
      <CodeAlert alert={alert} onDismiss={() => setAlert(null)} />
      <label className="form-label" htmlFor={fileId}>
        {t('historyadmin.importFile')}
      </label>
      <input
        id={fileId}
        ref={input}
        className="form-control"
        type="file"
        accept=".gz,.json.gz,application/gzip"
        onChange={() => setAlert(null)}
      />
      {percent !== null && <UploadProgress percent={percent} label={t('historyadmin.import')} />}
      <button
        type="button"
        className="btn btn-primary mt-3"
        disabled={percent !== null}
        onClick={() => void upload()}
      >
        {t('historyadmin.importButton')}
      </button>
    </FormCard>
  );
}

export default withQuery(HistorySettingsPage);
