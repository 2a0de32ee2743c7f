/**
 * One radio chip's state on the DTU settings screen, next to its settings: simulated, answering in the
 * chip models, answering from a captured log (replay), or the real module's connection, with the gateway's own sentence when something is wrong.
 * A simulated or modelled chip is never shown as a real connection.
 */
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '../../api/system';
import { MAINTENANCE_NS } from '../../i18n';
import { useSettingsTranslation } from '../form';

export type RadioChipName = 'nRF24' | 'CMT2300A';

interface RadioChipStateProps {
  chip: RadioChipName;
  status: SystemStatus | undefined;
}

/** The gateway writes each chip's problem as "<chip>: <sentence>"; the card already names the chip. */
export function chipProblems(chip: RadioChipName, problems: readonly string[] | undefined): string[] {
  const prefix = `${chip}: `;
  return (problems ?? []).filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
}

function Badge({ tone, children, testId }: { tone: string; children: string; testId: string }) {
  return (
    <span className={`badge text-bg-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

export function RadioChipState({ chip, status }: RadioChipStateProps) {
  const settings = useSettingsTranslation().t;
  const { t } = useTranslation(MAINTENANCE_NS);
  const id = chip === 'nRF24' ? 'nrf' : 'cmt';
  const configured = status?.[`${id}_configured`];
  if (status === undefined || configured === undefined) return null;
  const connected = status[`${id}_connected`] === true;
  const mode = status.radio_mode ?? (status.radio_simulated ? 'simulated' : 'hardware');
  const problems = chipProblems(chip, status.radio_problems);
  const state = `radio-state-${id}`;
  return (
    <div className="mb-3">
      <p className="d-flex flex-wrap gap-2 mb-1">
        {mode === 'simulated' ? (
          <Badge tone="info" testId={state}>
            {settings('dtu.simulated')}
          </Badge>
        ) : (
          <>
            <Badge tone={configured ? 'success' : 'secondary'} testId={`radio-configured-${id}`}>
              {configured ? settings('dtu.configured') : settings('dtu.notConfigured')}
            </Badge>
            {mode === 'model' ? (
              <Badge tone={connected ? 'info' : 'danger'} testId={state}>
                {connected ? t('radioCard.chip.modelAnswers') : t('radioCard.chip.modelSilent')}
              </Badge>
            ) : mode === 'replay' ? (
              <Badge tone={connected ? 'info' : 'secondary'} testId={state}>
                {connected ? t('radioCard.chip.replayAnswers') : t('radioCard.chip.replaySilent')}
              </Badge>
            ) : (
              <Badge tone={connected ? 'success' : 'danger'} testId={state}>
                {connected ? settings('dtu.connected') : settings('dtu.notConnected')}
              </Badge>
            )}
          </>
        )}
      </p>
      {(mode === 'model' || mode === 'replay') && (
        <p className="small text-body-secondary mb-1">{t(`radioCard.mode.${mode}`)}</p>
      )}
      {problems.map((problem) => (
        <p key={problem} className="small text-danger mb-1" data-testid={`radio-problem-${id}`}>
          {t('radioCard.chip.problem', { text: problem })}
        </p>
      ))}
    </div>
  );
}
