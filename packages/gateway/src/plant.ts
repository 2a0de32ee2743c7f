import { formatSerialNumber } from '@dtu-console/contract';
import type { EventBus, Service } from './bus';
import { occupiedSlots, slotBehaviour, slotChannels } from './config/inverter-slots';
import type { DeepReadonly, GatewayConfig } from './config/schema';
import type { ConfigStore } from './config/store';
import { type EngineInverterSettings, type EngineSettings, InverterEngine, LiveModel } from './engine';
import type { Radio } from './radio/radio';
import { REALISTIC_FAULTS, SeededRandom, SimulatedRadio } from './radio/simulated';
import type { Clock } from './system/clock';
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

/** The simulated plant (the default radio): virtual inverters under the configured sky. */
export function createPlant(options: PlantOptions): Plant {
  const { config, bus, clock, log } = options;
  const radio = new SimulatedRadio({
    clock,
    random: new SeededRandom(options.seed ?? 'dtu-console'),
    location: () => {
      const ntp = config.get('ntp');
      return { latitude: ntp.latitude, longitude: ntp.longitude };
    },
    faults: REALISTIC_FAULTS,
  });
  const live = new LiveModel({ bus, startedAt: options.startedAt });
  const engine = new InverterEngine({
    clock,
    radio,
    live,
    settings: engineSettingsOf(config.all()),
    log: log.child({ component: 'engine' }),
  });

  const apply = () => {
    const settings = engineSettingsOf(config.all());
    radio.setInverters(
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
    },
    async stop() {
      unsubscribe?.();
      await engine.stop();
    },
  };
}
