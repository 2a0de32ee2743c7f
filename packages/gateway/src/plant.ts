import type { Clock } from '@dtu-console/clock';
import { formatSerialNumber } from '@dtu-console/contract';
import { LinuxRadioHost } from '@dtu-console/radio/linux/host';
import { createPlantRadio, type RadioThread } from '@dtu-console/radio/plant-radio';
import type { Radio, RadioMode, RadioStatus } from '@dtu-console/radio/radio';
import type { EventBus, Service } from './bus';
import { occupiedSlots, slotBehaviour, slotChannels } from './config/inverter-slots';
import { readLinuxRadioWiring } from './config/pin-mapping';
import type { DeepReadonly, GatewayConfig } from './config/schema';
import type { ConfigStore } from './config/store';
import { type EngineInverterSettings, type EngineSettings, InverterEngine, LiveModel } from './engine';
import { FileFrequencyMemory } from './engine/frequency-memory';
import type { Logger } from './system/logger';
import { posixRuleOf } from './system/zones';

/**
 * The plant side of the gateway: the radio, the inverter engine and the live model it fills, kept in step
 * with the configuration (inverters, DTU radio, place and time zone reach the engine as soon as they are
 * saved).
 */
export interface Plant extends Service {
  readonly radio: Radio;
  readonly live: LiveModel;
  readonly engine: InverterEngine;
}

export interface PlantOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  /** Monotonic start of this run (performance.now()), for data ages and uptime. */
  startedAt: number;
  /** Seed of the simulated plant's weather and radio faults; the same seed gives the same day. */
  seed?: number | string;
  /** `--radio`: simulated (default), model (drivers against chip models) or hardware (the profile's chips). */
  radio?: RadioMode;
  /** Where the plant keeps what it learns across restarts (the HMS/HMT frequencies found). */
  dataDir?: string;
  /** `--replay-file`: the capture `--radio replay` answers from. */
  replayFile?: string;
  /** Hardware in the main thread: the host's radio devices (default LinuxRadioHost.load; tests give fake system calls). */
  radioHost?: () => Promise<LinuxRadioHost>;
  /**
   * Where the drivers of model and hardware run: their own thread (default), or this one (tests on a
   * ManualClock, and those giving `radioHost`).
   */
  radioThread?: RadioThread;
}

/** Maps the stored configuration to what the engine needs. */
export function engineSettingsOf(config: DeepReadonly<GatewayConfig>): EngineSettings {
  const { dtu, ntp } = config;
  return {
    dtu: {
      serial: formatSerialNumber(dtu.serial),
      pollIntervalS: dtu.poll_interval,
      nrfEnabled: true,
      nrfPaLevel: dtu.nrf_pa_level,
      cmtEnabled: true,
      cmtPaLevel: dtu.cmt_pa_level,
      cmtFrequencyHz: dtu.cmt_frequency,
      cmtCountry: dtu.cmt_country_mode as EngineSettings['dtu']['cmtCountry'],
    },
    location: {
      latitude: ntp.latitude,
      longitude: ntp.longitude,
      sunsetType: ntp.sunsettype as EngineSettings['location']['sunsetType'],
      timezone: posixRuleOf(ntp.timezone, ntp.timezone_descr),
    },
    inverters: occupiedSlots(config.inverters).map(
      ({ id, slot }): EngineInverterSettings => ({
        id,
        serial: formatSerialNumber(slot.serial),
        name: slot.name,
        order: slot.order,
        ...slotBehaviour(slot),
        // Cut to the family's inputs, as GET /api/inverter/list shows them.
        channels: slotChannels(slot),
      }),
    ),
  };
}

const PLANT_SECTIONS = new Set(['dtu', 'ntp', 'inverters']);

/** The start-up log line of each radio that is not the simulator. */
const RADIO_MODE_TEXT: Record<RadioMode, string> = {
  simulated: 'simulated',
  model: 'the drivers against chip models (no real hardware)',
  hardware: 'hardware',
  replay: 'replaying a captured log (no real hardware)',
};

/** Each chip's problem in plain words, as the console log and system info show them. */
export function radioProblems(status: RadioStatus): string[] {
  const problems: string[] = [];
  if (status.nrf.configured && status.nrf.reason) problems.push(`nRF24: ${status.nrf.reason}`);
  if (status.cmt.configured && status.cmt.reason) problems.push(`CMT2300A: ${status.cmt.reason}`);
  for (const problem of status.replay?.problems ?? [])
    problems.push(`Replay of ${status.replay!.file}: ${problem}`);
  // A reason that already names its chip is not prefixed twice.
  return problems.map((problem) => problem.replace(/^(nRF24|CMT2300A): \1: /, '$1: '));
}

/**
 * The plant: the radio `--radio` chose (virtual inverters under the configured sky by default), the
 * engine and its live model.
 */
export function createPlant(options: PlantOptions): Plant {
  const { config, bus, clock, log } = options;
  const mode = options.radio ?? 'simulated';
  const { radio, setInverters } = createPlantRadio({
    mode,
    clock,
    thread: options.radioThread ?? 'worker',
    log: log.child({ component: 'radio' }),
    seed: options.seed ?? 'dtu-console',
    ...(options.replayFile === undefined ? {} : { replayFile: options.replayFile }),
    location: () => {
      const ntp = config.get('ntp');
      return { latitude: ntp.latitude, longitude: ntp.longitude };
    },
    hardware: {
      wiring: () => readLinuxRadioWiring(config, config.get('device').pinmapping),
      host: options.radioHost ?? (() => LinuxRadioHost.load()),
    },
  });
  const live = new LiveModel({ bus, startedAt: options.startedAt });
  const engine = new InverterEngine({
    clock,
    radio,
    live,
    settings: engineSettingsOf(config.all()),
    log: log.child({ component: 'engine' }),
    ...(options.dataDir === undefined ? {} : { frequencyMemory: new FileFrequencyMemory(options.dataDir) }),
  });

  const apply = () => {
    const settings = engineSettingsOf(config.all());
    setInverters(
      settings.inverters.map((inverter) => ({
        serial: inverter.serial,
        maxPowerW: inverter.channels.map((channel) => channel.max_power),
      })),
    );
    engine.applySettings(settings);
  };
  let unsubscribe: (() => void) | undefined;

  return {
    name: 'plant',
    radio,
    live,
    engine,
    async start() {
      apply();
      unsubscribe = bus.on('config:changed', (section) => {
        if (PLANT_SECTIONS.has(section)) apply();
      });
      await engine.start();
      if (mode !== 'simulated') {
        log.info(`Radio: ${RADIO_MODE_TEXT[mode]}`);
      }
      // Hardware trouble is said once at start, in words the owner can act on; the status keeps saying it.
      for (const problem of radioProblems(radio.status())) log.warn(`Radio: ${problem}`);
    },
    async stop() {
      unsubscribe?.();
      await engine.stop();
    },
  };
}
