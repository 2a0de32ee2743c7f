/**
 * The power limiter with a battery (docs/battery.md), in-process on a ManualClock: the default plant's two
 * solar inverters (HM-800, HMS-2000-4T), an HMS-800-2T fed from the simulated 5 kWh pack, and the pack's
 * 1,600 Wp MPPT under the same seeded sky. The seeded house of limiter-house.ts is read by a meter every
 * second. Forty hours from midnight run twice, without any limiter and with the battery limiter: the pack
 * charges on the first day, carries the house through the night down to its stop threshold, and passes the
 * sun through on the second morning. A third, short run raises a BMS alarm in a discharge cycle.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import {
  BatteryLimits,
  LIMIT_RESPONSE,
  limitResponseMs,
  type PowerLimiterStatus,
  serialNumber,
} from '@dtu-console/contract';
import { governedInverter } from '@dtu-console/contract/powerlimiter/fixtures';
import { SimulatedRadio } from '@dtu-console/radio/simulated';
import pino from 'pino';
import { SolarChargerService } from '../../packages/gateway/src/battery/charger-service';
import { BatteryService } from '../../packages/gateway/src/battery/service';
import { simulatedBatteryBus } from '../../packages/gateway/src/battery/simulated/bus-service';
import { EventBus } from '../../packages/gateway/src/bus';
import { emptyInverterSlot } from '../../packages/gateway/src/config/defaults';
import { ConfigStore } from '../../packages/gateway/src/config/store';
import { createPlant } from '../../packages/gateway/src/plant';
import type { LimiterService } from '../../packages/gateway/src/powerlimiter/service';
import type { Result, Section } from './lib/report';
import { median } from './lib/stats';
import { BenchMeter, HouseProfile } from './limiter-house';
import { startLimiterService } from './limiter-rig';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** 21 June 2025, local midnight in Berlin (the default place), as the limiter part. */
const DAY_START = Date.UTC(2025, 5, 20, 22);
const RUN_HOURS = 40;
const SEED = 'battery-bench';
const METER_PERIOD_MS = 1000;
/** The inverter fed from the battery: an HMS-800-2T. */
const BATTERY_SERIAL = '114A83010203';
const RULES = {
  start_soc: 80,
  stop_soc: 30,
  start_voltage: 0,
  stop_voltage: 0,
  load_correction_v_per_kw: 0,
  discharge_at_night: false,
  passthrough: { enabled: true, margin_w: 50, full_soc: 100 },
};
/** The alarm run: late evening with the pack above its start threshold, the alarm after a settled quarter. */
const ALARM_RUN_START = DAY_START + 22 * HOUR;
const ALARM_AT = ALARM_RUN_START + 15 * MINUTE;
const ALARM_RUN_END = ALARM_AT + 5 * MINUTE;

interface Rig {
  clock: ManualClock;
  radio: SimulatedRadio;
  solarSerials: string[];
  limiter: LimiterService | undefined;
  soc(): number;
  /** What the MPPT delivers now, W. */
  mpptW(): number;
  raiseAlarm(): void;
  stop(): Promise<void>;
}

/** The plant, the pack and its MPPT, the meter and (with `rules`) the limiter with the battery rules. */
async function rig(start: number, house: (now: number) => number, withLimiter: boolean, startSoc?: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'dtu-bench-battery-'));
  const log = pino({ level: 'silent' });
  const clock = new ManualClock(start);
  const bus = new EventBus();
  const config = await ConfigStore.open({ dataDir, log, bus, chipId: 0x1a2b3c });
  // The third inverter, polled and commanded at night: it runs from the pack after sunset.
  const slots = config
    .get('inverters')
    .map((slot) => ({ ...slot, channel: slot.channel.map((c) => ({ ...c })) }));
  const free = slots.findIndex((slot) => slot.serial === 0);
  slots[free] = {
    ...emptyInverterSlot(),
    serial: serialNumber(BATTERY_SERIAL),
    name: 'Battery',
    order: free,
    poll_enable_night: true,
    command_enable_night: true,
  };
  await config.update('inverters', slots);
  const serials = config
    .get('inverters')
    .filter((slot) => slot.serial !== 0)
    .map((slot) => slot.serial.toString(16).toUpperCase().padStart(12, '0'));
  const solarSerials = serials.filter((serial) => serial !== BATTERY_SERIAL);
  await config.update('powerlimiter', {
    ...config.get('powerlimiter'),
    enabled: withLimiter,
    target_power_consumption: 0,
    target_power_consumption_hysteresis: 20,
    base_load_limit: 200,
    min_command_interval: 3,
    inverters: serials.map((serial) =>
      governedInverter(serial, { role: serial === BATTERY_SERIAL ? 'battery' : 'solar' }),
    ),
    battery: RULES,
  });
  const plant = createPlant({ config, bus, clock, log, startedAt: 0, seed: SEED });
  const radio = plant.radio;
  if (!(radio instanceof SimulatedRadio)) throw new Error('the bench needs the simulated radio');
  const made = simulatedBatteryBus({
    config,
    bus,
    clock,
    log,
    radio,
    seed: SEED,
    ...(startSoc ? { startSoc } : {}),
  });
  const factory = { clock, bus: () => made.batteryBus };
  const battery = new BatteryService({ config, bus, log, factory });
  const solarcharger = new SolarChargerService({ config, bus, log, factory });
  const productionW = () => serials.reduce((sum, serial) => sum + (radio.inspect(serial)?.acPowerW ?? 0), 0);
  const meter = new BenchMeter(clock, { loadW: house }, productionW, METER_PERIOD_MS);
  await plant.start();
  await made.service.start();
  await battery.start();
  await solarcharger.start();
  meter.start();
  let limiter: LimiterService | undefined;
  if (withLimiter) {
    limiter = await startLimiterService({
      config,
      bus,
      clock,
      plant,
      meter,
      log,
      battery: () => ({
        battery: battery.status(),
        solarPowerW: solarcharger.solarPowerW(),
        night: !plant.engine.isDay,
      }),
    });
  }
  return {
    clock,
    radio,
    solarSerials,
    limiter,
    soc: () => made.batteryBus.state().socPercent,
    mpptW: () => made.batteryBus.state().solarPowerW,
    raiseAlarm: () => made.batteryBus.setAlarms(['battery_overtemperature']),
    stop: async () => {
      limiter?.stop();
      meter.stop();
      await solarcharger.stop();
      await battery.stop();
      await made.service.stop();
      await plant.stop();
      await config.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  } satisfies Rig;
}

interface Run {
  exportWh: number;
  importWh: number;
  loadWh: number;
  /** In a discharge cycle above the stop threshold: the house's load, the import, the unavoidable import. */
  cycle: { loadWh: number; importWh: number; unavoidableWh: number; hours: number };
  minSocInCycle: number;
  lowestSoc: number;
  /** Passthrough while charging: |battery inverter − what the rule lets the house take| / MPPT power. */
  passthroughErrors: number[];
  rules: Map<string, number>;
}

/** Two seeded days of the house, one after the other. */
function twoDays(): (now: number) => number {
  const first = new HouseProfile(DAY_START, SEED);
  const second = new HouseProfile(DAY_START + 24 * HOUR, `${SEED}-2`);
  return (now) => (now < DAY_START + 24 * HOUR ? first : second).loadW(now);
}

async function runDays(withLimiter: boolean): Promise<Run> {
  const house = twoDays();
  const r = await rig(DAY_START, house, withLimiter);
  const run: Run = {
    exportWh: 0,
    importWh: 0,
    loadWh: 0,
    cycle: { loadWh: 0, importWh: 0, unavoidableWh: 0, hours: 0 },
    minSocInCycle: 100,
    lowestSoc: 100,
    passthroughErrors: [],
    rules: new Map(),
  };
  const end = DAY_START + RUN_HOURS * HOUR;
  while (r.clock.now() < end) {
    await r.clock.advance(SECOND);
    const now = r.clock.now();
    const load = house(now);
    const solar = r.solarSerials.map((serial) => r.radio.inspect(serial));
    const fed = r.radio.inspect(BATTERY_SERIAL);
    const solarW = solar.reduce((sum, s) => sum + (s?.acPowerW ?? 0), 0);
    const batteryW = fed?.acPowerW ?? 0;
    const grid = load - solarW - batteryW;
    run.loadWh += load / 3600;
    if (grid > 0) run.importWh += grid / 3600;
    else run.exportWh -= grid / 3600;
    const soc = r.soc();
    run.lowestSoc = Math.min(run.lowestSoc, soc);
    const status: PowerLimiterStatus | undefined = r.limiter?.status();
    const rule = status?.battery?.rule;
    if (rule) run.rules.set(rule, (run.rules.get(rule) ?? 0) + 1);
    if (rule === 'discharging') run.minSocInCycle = Math.min(run.minSocInCycle, soc);
    if (rule === 'discharging' && soc > RULES.stop_soc) {
      // What the inverters could give at most: the solar ones what their modules give, the battery one its
      // rating up to the BMS's cap.
      const canSolar = solar.reduce(
        (sum, s) =>
          sum +
          Math.min(s?.ratedPowerW ?? 0, s?.awake ? 0.96 * s.availableDcW.reduce((a, b) => a + b, 0) : 0),
        0,
      );
      const canBattery = Math.min(fed?.ratedPowerW ?? 0, status?.battery?.cap_w ?? Number.POSITIVE_INFINITY);
      run.cycle.loadWh += load / 3600;
      run.cycle.hours += 1 / 3600;
      if (grid > 0) run.cycle.importWh += grid / 3600;
      run.cycle.unavoidableWh += Math.max(0, load - canSolar - canBattery) / 3600;
    }
    const mppt = r.mpptW();
    if (rule === 'passthrough' && mppt > RULES.passthrough.margin_w * 2) {
      const allowed = Math.min(mppt - RULES.passthrough.margin_w, fed?.ratedPowerW ?? 0);
      const wanted = Math.max(0, Math.min(allowed, load - solarW));
      run.passthroughErrors.push(Math.abs(batteryW - wanted) / mppt);
    }
  }
  await r.stop();
  return run;
}

/** A BMS alarm in a discharge cycle: how long until the battery-fed inverter delivers nothing, ms. */
async function alarmStop(): Promise<{ stopMs: number; beforeW: number }> {
  const house = twoDays();
  // The pack starts above its start threshold: the cycle runs from the first reading.
  const r = await rig(ALARM_RUN_START, house, true, 90);
  let beforeW = 0;
  let stopMs = Number.POSITIVE_INFINITY;
  while (r.clock.now() < ALARM_RUN_END) {
    await r.clock.advance(SECOND);
    const now = r.clock.now();
    const w = r.radio.inspect(BATTERY_SERIAL)?.acPowerW ?? 0;
    if (now === ALARM_AT) {
      beforeW = w;
      r.raiseAlarm();
    } else if (now > ALARM_AT && w === 0 && !Number.isFinite(stopMs)) {
      stopMs = now - ALARM_AT;
    }
  }
  await r.stop();
  return { stopMs, beforeW };
}

export async function measureBattery(): Promise<Section> {
  const without = await runDays(false);
  const withLimiter = await runDays(true);
  const alarm = await alarmStop();
  const alarmBudget =
    limitResponseMs(LIMIT_RESPONSE.CMT, 100, true) + BatteryLimits.simulatedIntervalS * 1000;
  const exportShare = without.exportWh > 0 ? (withLimiter.exportWh / without.exportWh) * 100 : 0;
  const cycle = withLimiter.cycle;
  const cycleImport = cycle.loadWh > 0 ? ((cycle.importWh - cycle.unavoidableWh) / cycle.loadWh) * 100 : 0;
  const passthrough =
    withLimiter.passthroughErrors.length > 0 ? median(withLimiter.passthroughErrors) * 100 : 100;
  const results: Result[] = [
    {
      name: 'export with the battery limiter, % of the export without any limiter',
      value: exportShare,
      unit: '%',
      budget: { op: '<=', limit: 2 },
    },
    {
      name: 'avoidable import in a discharge cycle above the stop threshold, % of the house’s load then',
      value: cycleImport,
      unit: '%',
      budget: { op: '<=', limit: 3 },
    },
    {
      name: 'state of charge below the stop threshold in a discharge cycle (points)',
      value: Math.max(0, RULES.stop_soc - withLimiter.minSocInCycle),
      unit: 'count',
      budget: { op: '<=', limit: 1 },
    },
    {
      name: 'passthrough error while charging, median, % of the MPPT’s power',
      value: passthrough,
      unit: '%',
      budget: { op: '<=', limit: 5 },
    },
    {
      name: 'a BMS alarm stops the discharge',
      value: alarm.stopMs,
      unit: 'ms',
      budget: { op: '<=', limit: alarmBudget },
    },
  ];
  const rules = [...withLimiter.rules]
    .map(([rule, seconds]) => `${rule} ${(seconds / 3600).toFixed(1)} h`)
    .join(', ');
  const details = [
    `Simulated ${RUN_HOURS} h from midnight of 21 June at the default place, seed \`${SEED}\`: HM-800 and HMS-2000-4T on their modules, an HMS-800-2T fed from a 5 kWh LFP pack (starting at ${BatteryLimits.simulatedStartSoc} %) with a ${BatteryLimits.simulatedSolarWp} Wp MPPT; meter every ${METER_PERIOD_MS / 1000} s, target 0 W. Rules: start ${RULES.start_soc} %, stop ${RULES.stop_soc} %, passthrough with a ${RULES.passthrough.margin_w} W margin.`,
    '',
    '| measure | without limiter | with the battery limiter | budget |',
    '|---|---|---|---|',
    `| house load | ${without.loadWh.toFixed(0)} Wh | ${withLimiter.loadWh.toFixed(0)} Wh | |`,
    `| exported | ${without.exportWh.toFixed(0)} Wh | ${withLimiter.exportWh.toFixed(0)} Wh (${exportShare.toFixed(2)} %) | ≤ 2 % of without |`,
    `| imported | ${without.importWh.toFixed(0)} Wh | ${withLimiter.importWh.toFixed(0)} Wh | |`,
    `| discharge cycle above the stop threshold | | ${cycle.hours.toFixed(1)} h, load ${cycle.loadWh.toFixed(0)} Wh, import ${cycle.importWh.toFixed(0)} Wh of which ${cycle.unavoidableWh.toFixed(0)} Wh beyond the inverters (avoidable ${cycleImport.toFixed(2)} % of the load) | ≤ 3 % |`,
    `| lowest state of charge | ${without.lowestSoc.toFixed(1)} % | ${withLimiter.lowestSoc.toFixed(1)} % (in a cycle ${withLimiter.minSocInCycle.toFixed(1)} %) | stop ${RULES.stop_soc} % − 1 |`,
    `| passthrough while charging | | median error ${passthrough.toFixed(2)} % of the MPPT's power over ${withLimiter.passthroughErrors.length} s | ≤ 5 % |`,
    `| BMS alarm in a discharge cycle (battery inverter at ${alarm.beforeW.toFixed(0)} W) | | stopped after ${(alarm.stopMs / 1000).toFixed(1)} s | ≤ ${alarmBudget / 1000} s (the HMS's full-range response + one battery reading) |`,
    `| rules in force | | ${rules} | |`,
  ];
  return { id: 'battery', title: 'Power limiter with a battery over two simulated days', results, details };
}
