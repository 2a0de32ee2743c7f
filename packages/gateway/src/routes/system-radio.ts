/** The radio part of /api/system/status: OpenDTU's fields, then which radio runs, its problems and counts. */
import type {
  RadioChipCounters,
  RadioInverterDiagnostics,
  SystemStatus,
} from '@dtu-console/contract/api/system';
import type { LiveInverter } from '../engine';
import { radioProblems } from '../plant';
import type { ChipDiagnostics } from '../radio/dual-radio';
import type { Radio } from '../radio/radio';

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
>;

/** A radio that counts per chip (the model and hardware radios). */
function chipDiagnosticsOf(radio: Radio): ChipDiagnostics | undefined {
  const candidate = radio as Radio & { diagnostics?: () => ChipDiagnostics };
  return typeof candidate.diagnostics === 'function' ? candidate.diagnostics() : undefined;
}

export function radioInverterDiagnostics(inverters: readonly LiveInverter[]): RadioInverterDiagnostics[] {
  return inverters.map(({ serial, name, radioStats: s }) => ({
    serial,
    name,
    frames_sent: s.tx_request + s.tx_re_request,
    answers: s.rx_success,
    fragments_rerequested: s.tx_re_request,
    no_answer: s.rx_fail_nothing,
    rssi: s.rssi,
  }));
}

export function radioChipCounters(radio: Radio): RadioChipCounters | undefined {
  const chips = chipDiagnosticsOf(radio);
  if (chips === undefined) return undefined;
  const { nrf, cmt, loopDelayMs } = chips;
  return {
    ...(loopDelayMs ? { loop_delay_ms: { p99: round2(loopDelayMs.p99), max: round2(loopDelayMs.max) } } : {}),
    ...(nrf
      ? {
          nrf: {
            sent: nrf.sent,
            acked: nrf.acked,
            not_acked: nrf.notAcked,
            received: nrf.received,
            rx_fifo_full: nrf.rxFifoFull,
            io_errors: nrf.ioErrors,
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
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
