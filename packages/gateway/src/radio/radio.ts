import type { CmtCountry } from '@dtu-console/contract';
import type { RadioKind } from '@dtu-console/hoymiles';

/**
 * The one door between the inverter engine and the air. Two kinds stand behind it:
 * - `simulated/`: virtual inverters that answer real frames (the default);
 * - a hardware radio: nRF24L01+ (HM, HERF) and CMT2300A (HMS, HMT) on the host's SPI bus, through
 *   Linux spidev and a GPIO interrupt line. Such a driver implements this interface in `radio/nrf24.ts` /
 *   `radio/cmt2300a.ts`; plant.ts (today always the simulated radio) would pick it from the pin mapping.
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

export interface RadioStatus {
  nrf: { configured: boolean; connected: boolean; pvariant: boolean };
  cmt: { configured: boolean; connected: boolean };
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
