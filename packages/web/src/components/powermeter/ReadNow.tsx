import { isEnvelope } from '@dtu-console/contract/common/envelope';
import type { PowerMeterTestResult } from '@dtu-console/contract/powermeter/api';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { powerMeterProblemKey, testPowerMeter } from '../../api/powermeter';
import { type AlertMessage, errorAlert, responseAlert } from '../../api/response';
import { useFormat } from '../../i18n/format';
import { Alert } from '../AlertBox';
import { useLimiterTranslation } from '../powerlimiter/labels';
import { check, type MeterFormValues, toPayload } from './form-values';

/** "Read now": runs the source as it stands in the form (unsaved) once, and shows the reading or why not. */
export function ReadNow() {
  const { t } = useLimiterTranslation();
  const f = useFormat();
  const { getValues } = useFormContext<MeterFormValues>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<AlertMessage | null>(null);

  const read = async () => {
    const values = getValues();
    const refused = check(values);
    if (refused?.code) {
      setShown({ variant: 'warning', text: t(`apiresponse.${refused.code}`, { ...refused.param }) });
      return;
    }
    setBusy(true);
    setShown(null);
    try {
      const answer = await testPowerMeter(toPayload(values));
      setShown(isEnvelope(answer) ? responseAlert(t, answer) : resultAlert(answer));
    } catch (error) {
      setShown(errorAlert(error));
    } finally {
      setBusy(false);
    }
  };

  const resultAlert = (result: PowerMeterTestResult): AlertMessage => {
    if (!result.ok) {
      const reason = t(powerMeterProblemKey(result.problem), { defaultValue: result.problem.detail });
      return { variant: 'warning', text: t('settings.noReading', { reason }) };
    }
    const phases = result.phases?.map((w) => f.unit(w, 'W', 1)).join(' · ');
    const power = f.unit(result.power, 'W', 1);
    const reading = phases
      ? `${t('settings.reading', { power })} (${phases})`
      : t('settings.reading', { power });
    const kWh = (wh: number | null) => (wh === null ? undefined : f.unit(wh / 1000, 'kWh', 1));
    const [imported, exported] = [kWh(result.energy_import_wh), kWh(result.energy_export_wh)];
    const extras = [
      imported !== undefined && exported !== undefined
        ? t('meterSource.energy', { imported, exported })
        : undefined,
      result.meter_id ? t('meterSource.meterId', { id: result.meter_id }) : undefined,
    ].filter((text) => text !== undefined);
    return { variant: 'success', text: [reading, ...extras].join(' · ') };
  };

  return (
    <div className="row mb-3">
      <div className="col-sm-8 offset-sm-4">
        <button type="button" className="btn btn-outline-primary" onClick={read} disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
          {t('settings.readNow')}
        </button>
        {shown && (
          <Alert variant={shown.variant} className="mt-3 mb-0" testId="meter-reading">
            {shown.text}
          </Alert>
        )}
      </div>
    </div>
  );
}
