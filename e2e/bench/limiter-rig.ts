/**
 * The limiter benches' rig: the gateway's config, bus and simulated plant on a manual clock in a
 * throw-away data directory, wired as the gateway wires them, and the power limiter started on them with
 * the settings a run asks for. The house and its meter are the run's own (limiter-house.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { governedInverter } from '@dtu-console/contract/powerlimiter/fixtures';
import type { SimulatedRadio } from '@dtu-console/radio/simulated';
import pino from 'pino';
import { EventBus } from '../../packages/gateway/src/bus';
import type { DeepReadonly, GatewayConfig } from '../../packages/gateway/src/config/schema';
import { ConfigStore } from '../../packages/gateway/src/config/store';
import { createPlant, type Plant } from '../../packages/gateway/src/plant';
import type { GridSignalFeed } from '../../packages/gateway/src/powerlimiter/feed-in';
import { plantPort } from '../../packages/gateway/src/powerlimiter/port';
import { LimiterService, type LimiterServiceOptions } from '../../packages/gateway/src/powerlimiter/service';
import type { MeterFeed } from '../../packages/gateway/src/powermeter/types';

type LimiterSettings = DeepReadonly<GatewayConfig['powerlimiter']>;

export interface LimiterRig {
  clock: ManualClock;
  config: ConfigStore;
  plant: Plant;
  radio: SimulatedRadio;
  /** The configured inverters' serials, as the radio names them. */
  serials: string[];
  /** What the plant's inverters put out now, W. */
  productionW(): number;
  /**
   * Switches the limiter on with these settings over the bench's common ones (every inverter governed, a
   * base load of 200 W, 3 s between commands) and starts it on `meter`.
   */
  startLimiter(
    meter: MeterFeed,
    settings: (defaults: LimiterSettings) => Partial<LimiterSettings>,
    gridSignal?: GridSignalFeed,
  ): Promise<LimiterService>;
  /** Stops the limiter and the plant, and removes the data directory. */
  stop(): Promise<void>;
}

/** The limiter on the plant's live model and inverters, as the gateway wires it, started. */
export async function startLimiterService(
  options: Omit<LimiterServiceOptions, 'live' | 'port'> & { plant: Plant },
): Promise<LimiterService> {
  const { plant, ...rest } = options;
  const limiter = new LimiterService({ ...rest, live: plant.live, port: plantPort(plant) });
  await limiter.start();
  return limiter;
}

/** The plant seeded with `seed`, its clock at `start`, started. */
export async function limiterRig(options: { start: number; seed: string }): Promise<LimiterRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dtu-bench-limiter-'));
  const log = pino({ level: 'silent' });
  const clock = new ManualClock(options.start);
  const bus = new EventBus();
  const config = await ConfigStore.open({ dataDir, log, bus, chipId: 0x1a2b3c });
  const plant = createPlant({ config, bus, clock, log, startedAt: 0, seed: options.seed });
  const radio = plant.radio as SimulatedRadio;
  const serials = config
    .get('inverters')
    .filter((slot) => slot.serial !== 0)
    .map((slot) => slot.serial.toString(16).toUpperCase().padStart(12, '0'));
  await plant.start();
  let limiter: LimiterService | undefined;
  return {
    clock,
    config,
    plant,
    radio,
    serials,
    productionW: () => serials.reduce((sum, serial) => sum + (radio.inspect(serial)?.acPowerW ?? 0), 0),
    async startLimiter(meter, settings, gridSignal) {
      const defaults = config.get('powerlimiter');
      await config.update('powerlimiter', {
        ...defaults,
        enabled: true,
        base_load_limit: 200,
        min_command_interval: 3,
        inverters: serials.map((serial) => governedInverter(serial)),
        ...settings(defaults),
      });
      limiter = await startLimiterService({
        config,
        bus,
        clock,
        plant,
        meter,
        log,
        ...(gridSignal ? { gridSignal } : {}),
      });
      return limiter;
    },
    async stop() {
      limiter?.stop();
      await plant.stop();
      await config.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
