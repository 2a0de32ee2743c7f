import type { CmtCountry } from '@dtu-console/contract';
import type { RadioKind } from '@dtu-console/hoymiles';

/**
 * The one door between the inverter engine and the air. plant.ts picks what stands behind it (`--radio`):
 * - `simulated/`: virtual inverters that answer real frames at once (the default);
 * - `model`: the real drivers (`nrf24/`, `cmt2300a/`) against register-level chip models (`model/`), whose
 *   virtual air reaches the same virtual inverters (`model/virtual-air.ts`);
 * - `hardware`: the same drivers on the host's SPI and GPIO devices (`linux/`), wired from the active
 *   device profile (`hardware-radio.ts`).
 * - `replay/`: the answers of a captured log (OpenDTU, AhoyDTU), matched to each request.
 * `dual-radio.ts` puts one driver per chip behind this interface, so both chips run at once.
 */
export interface RadioRequest {
  /** Which transceiver carries the frame: nRF24 for HM/HERF, CMT2300A for HMS/HMT. */
  radio: RadioKind;
  /** A complete frame from packages/hoymiles (CRC8 included). */
  frame: Uint8Array;
  /** CMT only: the frequency to send on and listen on (Hz). Default: the configured DTU frequency. */
  frequencyHz?: number;
  /** How long to listen for answers after sending, in ms of the gateway clock. */
  windowMs: number;
}

/** What answers behind the radio: see the header (`replay`: a capture file, `replay/`). */
export type RadioMode = 'simulated' | 'model' | 'hardware' | 'replay';
export const RADIO_MODES: readonly RadioMode[] = ['simulated', 'model', 'hardware', 'replay'];
/** The modes whose drivers talk to chips (modelled or real), and so may run in the radio thread. */
export type ChipRadioMode = 'model' | 'hardware';

/** `--radio replay`: what the capture holds (docs/replay.md). */
export interface ReplayInfo {
  /** The capture file's name. */
  file: string;
  exchanges: number;
  /** The inverters' radio addresses (8 hex digits, the end of the serial) the capture holds. */
  inverters: string[];
  /** What the capture holds that fails its checks, each with its line number; left out of the replay. */
  problems: string[];
}

export interface RadioStatus {
  /** `reason`: why the chip is not usable (or runs degraded), in plain words for the user. */
  nrf: { configured: boolean; connected: boolean; pvariant: boolean; reason?: string };
  cmt: { configured: boolean; connected: boolean; reason?: string };
  /** No module is attached: the built-in simulation answers for both, and says so to the user. */
  simulated?: boolean;
  /** Which radio runs; absent means simulated (a radio that does not say). */
  mode?: RadioMode;
  /** `replay` only: the capture being replayed. */
  replay?: ReplayInfo;
}

/** The DTU settings a radio needs. */
export interface RadioSettings {
  /** The DTU's own serial (12 hex digits): its low 32 bits are the DTU address in every frame. */
  dtuSerial: string;
  nrfEnabled: boolean;
  /** 0 = min (−18 dBm) … 3 = max (0 dBm). */
  nrfPaLevel: number;
  cmtEnabled: boolean;
  /** −10 … 20 dBm. */
  cmtPaLevel: number;
  /** The CMT frequency the inverters are told to use (Hz). */
  cmtFrequencyHz: number;
  /** CMT country (0 Europe, 1 North America, 2 Brazil): selects the start-up frequency and band. */
  cmtCountry: CmtCountry;
}

export interface Radio {
  readonly name: string;
  configure(settings: RadioSettings): void;
  status(): RadioStatus;
  /**
   * Sends one frame and resolves with every frame received during the answer window (possibly none).
   * Never rejects for radio trouble: silence is an empty list; the engine decides what it means.
   */
  transmit(request: RadioRequest): Promise<Uint8Array[]>;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}
