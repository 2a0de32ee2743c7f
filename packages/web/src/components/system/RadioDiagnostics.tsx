/** System info: which radio runs, its problems in plain words, and the per-inverter radio counts. */
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '../../api/system';
import { MAINTENANCE_NS } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { InfoCard } from '../InfoCard';

export function RadioDiagnostics({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const inverters = status.radio_inverters ?? [];
  const problems = status.radio_problems ?? [];
  const mode = status.radio_mode ?? 'simulated';
  const f = useFormat();
  const withFrequency = inverters.some((inverter) => inverter.frequency);
  // Shown only when another DTU's exchanges were heard: most plants never see one.
  const withOtherDtu = inverters.some((inverter) => inverter.other_dtu > 0);
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
      <ReplayRows replay={status.radio_replay} />
      <ChipCounts chips={status.radio_chips} />
      {inverters.length > 0 && (
        <tr>
          <td colSpan={2} className="p-0">
            <div className="table-responsive">
              <table className="table table-sm mb-0" data-testid="radio-inverters">
                <thead>
                  <tr>
                    <th>{t('radioCard.inverter')}</th>
                    <th className="text-end">{t('radioCard.framesSent')}</th>
                    <th className="text-end">{t('radioCard.answers')}</th>
                    <th className="text-end">{t('radioCard.rerequested')}</th>
                    <th className="text-end">{t('radioCard.noAnswer')}</th>
                    {withOtherDtu && (
                      <th className="text-end" title={t('radioCard.otherDtuHint')}>
                        {t('radioCard.otherDtu')}
                      </th>
                    )}
                    <th className="text-end">{t('radioCard.rssi')}</th>
                    {withFrequency && <th>{t('radioCard.frequency.title')}</th>}
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
                      {withOtherDtu && (
                        <td className="text-end" data-testid={`radio-other-dtu-${inverter.serial}`}>
                          {inverter.other_dtu}
                        </td>
                      )}
                      <td className="text-end">{inverter.rssi <= -127 ? '–' : `${inverter.rssi} dBm`}</td>
                      {withFrequency && (
                        <td data-testid={`radio-frequency-${inverter.serial}`}>
                          {inverter.frequency ? frequencyText(inverter.frequency, t, f) : ''}
                        </td>
                      )}
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

/** `--radio replay`: the capture the answers come from (its bad lines are among the problems above). */
function ReplayRows({ replay }: { replay: SystemStatus['radio_replay'] }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  if (!replay) return null;
  return (
    <>
      <tr>
        <th scope="row">{t('radioCard.replay.file')}</th>
        <td data-testid="radio-replay-file">{replay.file}</td>
      </tr>
      <tr>
        <th scope="row">{t('radioCard.replay.contents')}</th>
        <td data-testid="radio-replay-contents">
          {t('radioCard.replay.exchanges', { count: replay.exchanges })}
          {replay.inverters.length > 0 &&
            ` · ${t('radioCard.replay.inverters', { list: replay.inverters.join(', ') })}`}
        </td>
      </tr>
    </>
  );
}

type Recovery = NonNullable<NonNullable<SystemStatus['radio_inverters']>[number]['frequency']>;

/** An HMS/HMT's frequency recovery in words: on the DTU frequency, searching, found at f, not found. */
function frequencyText(
  recovery: Recovery,
  t: (key: string, options?: Record<string, unknown>) => string,
  f: ReturnType<typeof useFormat>,
): string {
  const mhz = (hz: number | null) => (hz === null ? '–' : f.unit(hz / 1e6, 'MHz', 2));
  switch (recovery.state) {
    case 'searching':
      return recovery.tried_hz === null
        ? t('radioCard.frequency.searching')
        : t('radioCard.frequency.searchingAt', { frequency: mhz(recovery.tried_hz) });
    case 'found':
      return t('radioCard.frequency.found', { frequency: mhz(recovery.found_hz) });
    case 'not-found':
      return recovery.next_search_at === null
        ? t('radioCard.frequency.notFound')
        : t('radioCard.frequency.notFoundUntil', {
            time: f.dateTime(new Date(recovery.next_search_at * 1000)),
          });
    default:
      return t('radioCard.frequency.onFrequency');
  }
}

type Chips = NonNullable<SystemStatus['radio_chips']>;

/** Each running chip's own counts since start, and how late the drivers' event loop ran. */
function ChipCounts({ chips }: { chips: Chips | undefined }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const f = useFormat();
  if (!chips) return null;
  const rows: Array<[string, string, Array<[string, number]>]> = [];
  if (chips.nrf) {
    const c = chips.nrf;
    rows.push([
      'nrf',
      'nRF24',
      [
        ['sent', c.sent],
        ['acked', c.acked],
        ['notAcked', c.not_acked],
        ['received', c.received],
        ['rxFifoFull', c.rx_fifo_full],
        ['ioErrors', c.io_errors],
      ],
    ]);
  }
  if (chips.cmt) {
    const c = chips.cmt;
    rows.push([
      'cmt',
      'CMT2300A',
      [
        ['sent', c.sent],
        ['received', c.received],
        ['fifoOverruns', c.fifo_overruns],
        ['crcErrors', c.crc_errors],
        ['ioErrors', c.io_errors],
      ],
    ]);
  }
  return (
    <>
      {rows.map(([id, name, counts]) => (
        <tr key={id}>
          <th scope="row">{name}</th>
          <td data-testid={`radio-chip-${id}`}>
            {counts.map(([key, value]) => t(`radioCard.chips.${key}`, { count: value })).join(' · ')}
          </td>
        </tr>
      ))}
      {chips.loop_delay_ms && (
        <tr>
          <th scope="row">{t('radioCard.loopDelay')}</th>
          <td data-testid="radio-loop-delay">
            {t('radioCard.loopDelayValue', {
              p99: f.unit(chips.loop_delay_ms.p99, 'ms'),
              max: f.unit(chips.loop_delay_ms.max, 'ms'),
            })}
          </td>
        </tr>
      )}
    </>
  );
}
