/**
 * The simulated battery bus at work beside the simulated radio: it integrates the bus once a second of the
 * gateway clock, whether or not a battery source reads it, and feeds the virtual inverters the power
 * limiter gives the battery role from the bus instead of their modules. What they draw is what empties the
 * pack, so a battery-fed inverter produces at night while the pack holds charge, and stops once its BMS has
 * cut the empty pack off.
 */
import type { Clock } from '@dtu-console/clock';
import { normalizeSerial } from '@dtu-console/hoymiles';
import type { SimulatedRadio } from '@dtu-console/radio/simulated';
import type { Service } from '../../bus';
import type { ConfigListeners } from '../../config/events';
import { SectionFollower } from '../../config/section-follower';
import type { ConfigStore } from '../../config/store';
import type { Logger } from '../../system/logger';
import { clockLoop } from '../sources/clock-loop';
import { BUS_STEP_MS, SimulatedBatteryBus } from './battery-bus';

export interface SimulatedBusServiceOptions {
  config: ConfigStore;
  bus: ConfigListeners;
  clock: Clock;
  log: Logger;
  radio: SimulatedRadio;
  /** Made with `drawnDcW` reading the service's `drawnDcW()` (see simulatedBatteryBus). */
  batteryBus: SimulatedBatteryBus;
}

/** The bus under the configured place's sky and the service that runs it, wired to each other. */
export function simulatedBatteryBus(
  options: Omit<SimulatedBusServiceOptions, 'batteryBus'> & { seed: string; startSoc?: number },
): { batteryBus: SimulatedBatteryBus; service: SimulatedBusService } {
  let service: SimulatedBusService | undefined;
  const batteryBus = new SimulatedBatteryBus({
    now: () => options.clock.now(),
    ...(options.startSoc === undefined ? {} : { startSoc: options.startSoc }),
    drawnDcW: () => service?.drawnDcW() ?? 0,
    seed: options.seed,
    location: () => {
      const ntp = options.config.get('ntp');
      return { latitude: ntp.latitude, longitude: ntp.longitude };
    },
  });
  service = new SimulatedBusService({ ...options, batteryBus });
  return { batteryBus, service };
}

export class SimulatedBusService implements Service {
  readonly name = 'battery-bus';
  readonly #options: SimulatedBusServiceOptions;
  readonly #follower: SectionFollower;
  /** The serials fed from the bus now. */
  #fed = new Set<string>();
  #stopLoop: (() => void) | undefined;

  constructor(options: SimulatedBusServiceOptions) {
    this.#options = options;
    const log = options.log.child({ component: 'battery-bus' });
    this.#follower = new SectionFollower({
      bus: options.bus,
      watches: (section) => section === 'powerlimiter',
      apply: async () => this.#wire(),
      failed: (error) => log.warn({ err: error }, 'Simulated battery bus not rewired'),
    });
  }

  async start(): Promise<void> {
    await this.#follower.start();
    this.#stopLoop = clockLoop(this.#options.clock, BUS_STEP_MS, () => this.#options.batteryBus.state());
  }

  async stop(): Promise<void> {
    this.#stopLoop?.();
    this.#stopLoop = undefined;
    await this.#follower.stop();
  }

  /** DC power the inverters fed from the bus draw now, W (their inputs' power while awake and on). */
  drawnDcW(): number {
    let sum = 0;
    for (const serial of this.#fed) {
      const snapshot = this.#options.radio.inspect(serial);
      if (snapshot?.fed) sum += snapshot.dc.reduce((total, point) => total + point.power, 0);
    }
    return sum;
  }

  /** The inverters with the battery role are fed from the bus; the others get their modules back. */
  #wire(): void {
    const { radio, batteryBus } = this.#options;
    const wanted = new Set(
      this.#options.config
        .get('powerlimiter')
        .inverters.filter((inverter) => inverter.role === 'battery')
        .map((inverter) => normalizeSerial(inverter.serial))
        .filter((serial): serial is string => serial !== undefined),
    );
    for (const serial of this.#fed) {
      if (!wanted.has(serial)) radio.setFeed(serial, undefined);
    }
    for (const serial of wanted) {
      if (!this.#fed.has(serial)) radio.setFeed(serial, (atMs) => batteryBus.feed(atMs));
    }
    this.#fed = wanted;
  }
}
