/** System info: which radio runs, its problems in plain words, and the per-inverter radio counts. */
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '../../api/system';
import { MAINTENANCE_NS } from '../../i18n';
import { InfoCard } from '../InfoCard';

export function RadioDiagnostics({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const inverters = status.radio_inverters ?? [];
  const problems = status.radio_problems ?? [];
  const mode = status.radio_mode ?? 'simulated';
  return (
    <InfoCard title={t('radioCard.title')}>
      <tr>
        <td colSpan={2} data-testid="radio-mode">
          {t(`radioCard.mode.${mode}`)}
        </td>
      </tr>
      {problems.map((problem) => (
        <tr key={problem}>
          <td colSpan={2} className="text-danger" data-testid="radio-problem">
            {problem}
          </td>
        </tr>
      ))}
      {inverters.length > 0 && (
        <tr>
          <td colSpan={2} className="p-0">
            <div className="table-responsive">
              <table className="table table-sm mb-0">
                <thead>
                  <tr>
                    <th>{t('radioCard.inverter')}</th>
                    <th className="text-end">{t('radioCard.framesSent')}</th>
                    <th className="text-end">{t('radioCard.answers')}</th>
                    <th className="text-end">{t('radioCard.rerequested')}</th>
                    <th className="text-end">{t('radioCard.noAnswer')}</th>
                    <th className="text-end">{t('radioCard.rssi')}</th>
                  </tr>
                </thead>
                <tbody>
                  {inverters.map((inverter) => (
                    <tr key={inverter.serial}>
                      <td>{inverter.name || inverter.serial}</td>
                      <td className="text-end">{inverter.frames_sent}</td>
                      <td className="text-end">{inverter.answers}</td>
                      <td className="text-end">{inverter.fragments_rerequested}</td>
                      <td className="text-end">{inverter.no_answer}</td>
                      <td className="text-end">{inverter.rssi <= -127 ? '–' : `${inverter.rssi} dBm`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </td>
        </tr>
      )}
    </InfoCard>
  );
}
