/**
 * The messages between the gateway's main thread (`worker-radio.ts`) and the radio thread (`entry.ts`).
 * Everything here is plain data (structured clone): the drivers, their devices and the chip models never
 * leave the radio thread.
 */
import type { ChipDiagnostics } from '../dual-radio';
import type { WiringRead } from '../hardware-radio';
import type { RadioMode, RadioRequest, RadioSettings, RadioStatus } from '../radio';
import type { Location } from '../simulated/physics';
import type { SimulatedInverterSpec } from '../simulated/virtual-plant';

/** What the radio thread is built from (its workerData). */
export interface RadioThreadInit {
  mode: Exclude<RadioMode, 'simulated'>;
  /** Seed of the virtual plant (model): the same seed gives the same plant as in the main thread. */
  seed: number | string;
  /** The gateway clock minus the host clock, ms (a manual time set, SNTP, --sim-start). */
  offsetMs: number;
  location: Location;
  /** Set when the thread runs from the sources: the TypeScript entry the tsx loader imports. */
  sourceEntry?: string;
}

export type ToRadioThread =
  | { type: 'clock'; offsetMs: number }
  | { type: 'configure'; settings: RadioSettings; location: Location }
  /** The configured inverters and the place (model: the virtual plant's inverters and sky). */
  | { type: 'inverters'; specs: SimulatedInverterSpec[]; location: Location }
  /** Hardware: the active profile's wiring, read by the main thread (the config store lives there). */
  | { type: 'start'; wiring: WiringRead }
  | { type: 'transmit'; id: number; request: RadioRequest }
  | { type: 'stop' }
  /** Throws an uncaught error in the radio thread: how tests crash the real thread. */
  | { type: 'fail'; message: string };

/** The radio's state as the main thread shows it (`Radio.status()` and the chip diagnostics). */
export interface RadioReport {
  status: RadioStatus;
  diagnostics: ChipDiagnostics;
}

export type FromRadioThread =
  | { type: 'started'; report: RadioReport }
  | { type: 'answer'; id: number; frames: Uint8Array[]; rssi: RssiTags; report: RadioReport }
  | { type: 'report'; report: RadioReport }
  | { type: 'stopped' };

/**
 * The `rssi` tag a driver puts on a received frame (the engine reads it into the inverter's statistics).
 * A structured clone keeps only the bytes, so the tags cross beside the frames, one per frame (null: none).
 */
export type RssiTags = Array<number | null>;

export function rssiTagsOf(frames: readonly Uint8Array[]): RssiTags {
  return frames.map((frame) => {
    const rssi = (frame as Uint8Array & { rssi?: unknown }).rssi;
    return typeof rssi === 'number' ? rssi : null;
  });
}

export function withRssiTags(frames: Uint8Array[], tags: RssiTags): Uint8Array[] {
  return frames.map((frame, i) => {
    const rssi = tags[i];
    return rssi === null || rssi === undefined ? frame : Object.assign(frame, { rssi });
  });
}
