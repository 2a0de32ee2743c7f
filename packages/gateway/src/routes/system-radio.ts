/** The radio part of /api/system/status: OpenDTU's fields, then which radio runs, its problems and counts. */
import type {
  RadioChipCounters,
  RadioInverterDiagnostics,
  RadioRxSchemes,
  SystemStatus,
} from '@dtu-console/contract/system/api';
import type { ChipDiagnostics } from '@dtu-console/radio/dual-radio';
import type { LoopDelayMs } from '@dtu-console/radio/loop-delay';
import type { RxScheme, RxSchemeReport } from '@dtu-console/radio/nrf24/driver/rx-schemes';
import type { Radio } from '@dtu-console/radio/radio';
import type { LiveInverter } from '../engine';
import { radioProblems } from '../plant';

type RadioFields = Pick<
  SystemStatus,
  | 'nrf_configured'
  | 'nrf_connected'
  | 'nrf_pvariant'
  | 'cmt_configured'
  | 'cmt_connected'
  | 'radio_simulated'
  | 'radio_mode'
  | 'radio_problems'
  | 'radio_inverters'
  | 'radio_chips'
  | 'radio_replay'
>;

/** A radio that counts per chip (the model and hardware radios). */
function chipDiagnosticsOf(radio: Radio): ChipDiagnostics | undefined {
  const candidate = radio as Radio & { diagnostics?: () => ChipDiagnostics };
  return typeof candidate.diagnostics === 'function' ? candidate.diagnostics() : undefined;
}

/** The radio inverters' counts: a Wi-Fi inverter sends no frames (System info shows it with its device). */
export function radioInverterDiagnostics(inverters: readonly LiveInverter[]): RadioInverterDiagnostics[] {
  return inverters
    .filter((inverter) => inverter.connection !== 'wifi')
    .map(({ serial, name, radioStats: s, otherDtuFrames, cmtFrequency: f }) => ({
      serial,
      name,
      frames_sent: s.tx_request + s.tx_re_request,
      answers: s.rx_success,
      fragments_rerequested: s.tx_re_request,
      no_answer: s.rx_fail_nothing,
      other_dtu: otherDtuFrames,
      rssi: s.rssi,
      ...(f
        ? {
            frequency: {
              state: f.state,
              found_hz: f.foundHz,
              tried_hz: f.triedHz,
              next_search_at: f.nextSearchAt === null ? null : Math.floor(f.nextSearchAt / 1000),
            },
          }
        : {}),
    }));
}

export function radioChipCounters(radio: Radio): RadioChipCounters | undefined {
  const chips = chipDiagnosticsOf(radio);
  if (chips === undefined) return undefined;
  const { nrf, cmt, loopDelayMs, mainLoopDelayMs } = chips;
  return {
    ...(loopDelayMs ? { loop_delay_ms: rounded(loopDelayMs) } : {}),
    ...(mainLoopDelayMs ? { main_loop_delay_ms: rounded(mainLoopDelayMs) } : {}),
    ...(nrf
      ? {
          nrf: {
            sent: nrf.sent,
            acked: nrf.acked,
            not_acked: nrf.notAcked,
            received: nrf.received,
            rx_fifo_full: nrf.rxFifoFull,
            io_errors: nrf.ioErrors,
            ...(nrf.rxScheme ? { rx_scheme: rxSchemes(nrf.rxScheme) } : {}),
          },
        }
      : {}),
    ...(cmt
      ? {
          cmt: {
            sent: cmt.framesSent,
            received: cmt.packetsReceived,
            fifo_overruns: cmt.fifoOverruns,
            crc_errors: cmt.crcErrors,
            io_errors: cmt.ioErrors,
          },
        }
      : {}),
  };
}

export function radioFields(radio: Radio, inverters: readonly LiveInverter[]): RadioFields {
  const status = radio.status();
  const chips = radioChipCounters(radio);
  return {
    nrf_configured: status.nrf.configured,
    nrf_connected: status.nrf.connected,
    nrf_pvariant: status.nrf.pvariant,
    cmt_configured: status.cmt.configured,
    cmt_connected: status.cmt.connected,
    radio_simulated: status.simulated === true,
    radio_mode: status.mode ?? 'simulated',
    radio_problems: radioProblems(status),
    radio_inverters: radioInverterDiagnostics(inverters),
    ...(chips ? { radio_chips: chips } : {}),
    ...(status.replay ? { radio_replay: { ...status.replay } } : {}),
  };
}

const schemeName = (scheme: RxScheme) => (scheme === 'dwell' ? 'dwell' : 'blind_hop');

function rxSchemes(report: RxSchemeReport): RadioRxSchemes {
  const counts = (scheme: RxScheme) => {
    const c = report.counts[scheme];
    const rate = report.rates[scheme];
    return {
      listens: c.listens,
      acked_listens: c.ackedListens,
      answered: c.answered,
      frames: c.frames,
      answer_rate: rate === undefined ? null : Math.round(rate * 1000) / 1000,
    };
  };
  return {
    choice: report.choice === 'auto' ? 'auto' : schemeName(report.choice),
    active: schemeName(report.active),
    fallbacks: report.fallbacks,
    dwell: counts('dwell'),
    blind_hop: counts('blind-hop'),
  };
}

function rounded(delay: LoopDelayMs): LoopDelayMs {
  return { p99: Math.round(delay.p99 * 100) / 100, max: Math.round(delay.max * 100) / 100 };
}
