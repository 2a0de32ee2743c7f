/**
 * From SML frames to meter readings: a telegram with a power value is a reading; one without, or one
 * that failed its CRC or could not be read, is a counted problem. Shared by the serial and the HTTP source.
 */
import type { Clock } from '@dtu-console/clock';
import type { FailureCount } from '../failure-count';
import { MeterError } from '../problems';
import type { MeterProblem, MeterReading } from '../types';
import type { FrameEvent } from './frame';
import { smlReadings } from './obis';

export type TelegramOutcome = { reading: MeterReading } | { problem: MeterProblem };

export function telegramOutcome(event: FrameEvent, clock: Clock, failures: FailureCount): TelegramOutcome {
  if (event.kind === 'crc') return { problem: failures.problem('sml-crc', event.detail) };
  if (event.kind === 'broken') return { problem: failures.problem('sml-broken', event.detail) };
  try {
    const readings = smlReadings(event.payload);
    if (readings.powerW === undefined) {
      return {
        problem: failures.problem(
          'sml-no-power',
          'SML telegram without active power (OBIS 16.7.0, or 1.7.0 and 2.7.0): the meter may need its PIN to send it',
        ),
      };
    }
    return {
      reading: {
        powerW: readings.powerW,
        ...(readings.phasesW ? { phasesW: readings.phasesW } : {}),
        ...(readings.importWh !== undefined ? { importWh: readings.importWh } : {}),
        ...(readings.exportWh !== undefined ? { exportWh: readings.exportWh } : {}),
        atMs: clock.now(),
      },
    };
  } catch (error) {
    const detail = error instanceof MeterError ? error.message : String(error);
    return { problem: failures.problem('sml-broken', detail) };
  }
}
