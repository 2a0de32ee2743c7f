/**
 * The simulated battery and MPPT: both read the one simulated battery bus (simulated/battery-bus.ts) once a
 * second of the gateway clock, as a BMS and a charge controller report. Offered only beside the simulated
 * radio: a made-up battery must never steer real inverters.
 */
import type { Clock } from '@dtu-console/clock';
import { BatteryLimits } from '@dtu-console/contract';
import type { SimulatedBatteryBus } from '../simulated/battery-bus';
import type { BatterySink, BatterySource, ChargerSink, ChargerSource } from '../types';
import { clockLoop } from './clock-loop';

const INTERVAL_MS = BatteryLimits.simulatedIntervalS * 1000;

export class SimulatedBatterySource implements BatterySource {
  readonly #bus: SimulatedBatteryBus;
  readonly #clock: Clock;
  #stop: (() => void) | undefined;

  constructor(bus: SimulatedBatteryBus, clock: Clock) {
    this.#bus = bus;
    this.#clock = clock;
  }

  start(sink: BatterySink): void {
    this.#stop = clockLoop(this.#clock, INTERVAL_MS, () => {
      const s = this.#bus.state();
      sink.frame(true);
      sink.reading({
        atMs: s.atMs,
        socPercent: s.socPercent,
        voltageV: s.voltageV,
        currentA: s.currentA,
        powerW: s.powerW,
        temperatureC: s.temperatureC,
        // A BMS of a 5 kWh LFP pack: 0.5 C both ways, nothing allowed out of an empty pack.
        chargeCurrentLimitA: s.socPercent >= 100 ? 0 : 50,
        dischargeCurrentLimitA: s.socPercent <= 0 ? 0 : 50,
        alarms: [...this.#bus.alarms],
        warnings: s.socPercent < 5 ? ['low_soc'] : [],
      });
    });
  }

  async stop(): Promise<void> {
    this.#stop?.();
  }
}

export class SimulatedChargerSource implements ChargerSource {
  readonly id = 'simulated';
  readonly #bus: SimulatedBatteryBus;
  readonly #clock: Clock;
  #stop: (() => void) | undefined;

  constructor(bus: SimulatedBatteryBus, clock: Clock) {
    this.#bus = bus;
    this.#clock = clock;
  }

  start(sink: ChargerSink): void {
    this.#stop = clockLoop(this.#clock, INTERVAL_MS, () => {
      const s = this.#bus.state();
      sink.frame(true);
      sink.reading({
        atMs: s.atMs,
        solarPowerW: s.solarPowerW,
        batteryVoltageV: s.voltageV,
        batteryCurrentA: Math.round((s.solarPowerW / s.voltageV) * 100) / 100,
        chargeState: s.chargeState,
        product: 'Simulated MPPT',
      });
    });
  }

  async stop(): Promise<void> {
    this.#stop?.();
  }
}
