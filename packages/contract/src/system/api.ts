/** GET /api/system/status. */
export interface TaskDetail {
  name: string;
  stack_watermark: number;
  priority: number;
}

export interface SystemStatus {
  hostname: string;
  sdkversion: string;
  cpufreq: number;
  cputemp: number | null;
  heap_total: number;
  heap_used: number;
  heap_max_block: number;
  heap_min_free: number;
  psram_total: number;
  psram_used: number;
  sketch_total: number;
  sketch_used: number;
  littlefs_total: number;
  littlefs_used: number;
  chiprevision: number;
  chipmodel: string;
  chipcores: number;
  flashsize: number;
  task_details: TaskDetail[];
  resetreason_0: string;
  resetreason_1: string;
  cfgsavecount: number;
  config_version: string;
  git_hash: string;
  git_branch: string;
  pioenv: string;
  uptime: number;
  nrf_configured: boolean;
  nrf_connected: boolean;
  nrf_pvariant: boolean;
  cmt_configured: boolean;
  cmt_connected: boolean;
  /** The radio is the built-in simulation: no module is attached, "connected" means simulated. */
  radio_simulated?: boolean;
  /** Radio diagnostics (`--radio`): which radio runs, its problems in plain words, per-inverter counts. */
  radio_mode?: RadioModeName;
  radio_problems?: string[];
  radio_inverters?: RadioInverterDiagnostics[];
  radio_chips?: RadioChipCounters;
  radio_replay?: RadioReplayInfo;
  /** Installed releases (dtu-console-<version>): the one running and the one a failed start falls back to. */
  release?: ReleaseInfo;
  /** HTTPS (`--tls-cert`/`--tls-key` or `--tls self-signed`); null when the gateway serves plain HTTP. */
  tls?: TlsInfo | null;
}

/** The certificate the gateway serves, so an owner can compare it with what the browser shows. */
export interface TlsInfo {
  /** `files`: the owner's --tls-cert; `self-signed`: made by the gateway in its data directory. */
  source: 'files' | 'self-signed';
  /** SHA-256 fingerprint of the certificate, colon-separated upper-case hex. */
  fingerprint_sha256: string;
  /** End of the certificate's validity, ISO 8601. */
  valid_to: string;
}

/** `current` is null when the gateway runs from a source checkout rather than an installed release. */
export interface ReleaseInfo {
  current: string | null;
  previous: string | null;
}

/**
 * simulated: built-in virtual inverters; model: the drivers against chip models (not real hardware);
 * hardware; replay: the answers of a captured log (not real hardware).
 */
export type RadioModeName = 'simulated' | 'model' | 'hardware' | 'replay';

/** `radio_mode: replay`: the captured log the radio answers from (never real hardware). */
export interface RadioReplayInfo {
  /** The capture file's name. */
  file: string;
  /** Requests the capture holds (with or without an answer). */
  exchanges: number;
  /** The inverters' radio addresses in the capture (the last 8 hex digits of each serial). */
  inverters: string[];
  /** Capture lines that fail their checks (CRC8, CRC16, unreadable bytes), each with its line number. */
  problems: string[];
}

/** Per inverter, since the gateway started: what the radio sent and got back. */
export interface RadioInverterDiagnostics {
  serial: string;
  name: string;
  /** Requests and re-requests put on the air. */
  frames_sent: number;
  /** Commands answered completely. */
  answers: number;
  /** Missing fragments asked for again. */
  fragments_rerequested: number;
  /** Commands that got no answer at all. */
  no_answer: number;
  /** Frames of this inverter that answered another DTU (a third address in bytes 5..8): not used. */
  other_dtu: number;
  /** dBm of the last answer; -127 when none or the chip measures none (nRF24). */
  rssi: number;
  /** HMS/HMT only: frequency recovery (docs/protocol.md). */
  frequency?: RadioFrequencyRecovery;
}

/**
 * An HMS/HMT's frequency recovery: `on-frequency` (answers on the DTU frequency), `searching` (silent in
 * daylight, being looked for across the band), `found` (found off the DTU frequency at `found_hz` and told
 * to come back), `not-found` (the band was searched in vain; again from `next_search_at`).
 */
export interface RadioFrequencyRecovery {
  state: 'on-frequency' | 'searching' | 'found' | 'not-found';
  /** Where it was found last off the DTU frequency (kept across restarts); null when never. */
  found_hz: number | null;
  /** While searching: the frequency tried last. */
  tried_hz: number | null;
  /** Not found: when the next search may start (UNIX seconds); null otherwise. */
  next_search_at: number | null;
}

/** One nRF24 receive scheme's counts since start. */
export interface RadioRxSchemeCounts {
  /** Listens after a send. */
  listens: number;
  /** Listens after a send the inverter acknowledged: an answer was due. */
  acked_listens: number;
  /** Acknowledged listens that heard at least one answer fragment. */
  answered: number;
  /** Answer fragments heard. */
  frames: number;
  /** Share of the recent acknowledged listens that were answered (0..1); null before the first. */
  answer_rate: number | null;
}

/** The nRF24's receive schemes: `dwell` (stay where fragments come) and `blind_hop` (a channel every 4 ms). */
export interface RadioRxSchemes {
  /** What the owner chose: auto (the driver picks) or one scheme. */
  choice: 'auto' | 'dwell' | 'blind_hop';
  /** The scheme listens use now. */
  active: 'dwell' | 'blind_hop';
  /** Times auto fell back from the dwell scheme to the blind hop. */
  fallbacks: number;
  dwell: RadioRxSchemeCounts;
  blind_hop: RadioRxSchemeCounts;
}

/** The chips' own counts (absent for a chip that is not running). */
export interface RadioChipCounters {
  nrf?: {
    sent: number;
    acked: number;
    not_acked: number;
    received: number;
    rx_fifo_full: number;
    io_errors: number;
    /** How the receiver hops for answers, and what each way heard (docs/radio-nrf24.md). */
    rx_scheme?: RadioRxSchemes;
  };
  cmt?: { sent: number; received: number; fifo_overruns: number; crc_errors: number; io_errors: number };
  /** How late the drivers' event loop (the radio thread's) ran since start, ms (p99 and worst case). */
  loop_delay_ms?: { p99: number; max: number };
  /** With the drivers in their own thread: how late the gateway's main loop ran since start, ms. */
  main_loop_delay_ms?: { p99: number; max: number };
}
