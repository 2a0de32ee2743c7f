/**
 * The power limiter's and the house meter's families (docs/metrics.md). The limiter's state, its run-time
 * mode and its battery rule are enums: one series per value, 1 for the one in force. Its inverters are the
 * governed ones, labelled like every inverter family (`serial`, `name`). The battery families (the rule,
 * its cap and each governed inverter's role) appear only while the status names a battery rule, that is
 * while a governed inverter is battery-fed and the limiter runs. The meter's families appear only while a
 * meter is configured (meter/configured.ts), so a gateway without one shows no meter that is down.
 */
import {
  BatteryLimiterRules,
  type BatteryLimiterStatus,
  LimiterInverterRoles,
  PowerLimiterModes,
  type PowerLimiterState,
  type PowerLimiterStatus,
} from '@dtu-console/contract';
import { meterConfigured } from '../powermeter/configured';
import type { MeterStatus } from '../powermeter/types';
import type { Labels } from './prometheus-exposition';
import { flag, group, type MetricGroup, type MetricSource } from './prometheus-group';

/** Every state, once: a new state in the contract fails to compile here until listed. */
const STATES: Record<PowerLimiterState, true> = {
  off: true,
  waiting_for_meter: true,
  regulating: true,
  fallback: true,
  no_inverters: true,
  waiting_for_signal: true,
};

const nameOf = (source: MetricSource, serial: string) => source.live.inverter(serial)?.name ?? '';
const inverterOf = (source: MetricSource, serial: string): Labels => [
  ['serial', serial],
  ['name', nameOf(source, serial)],
];

const LIMITER = group<PowerLimiterStatus>(
  (source) => (source.limiter ? [{ subject: source.limiter.status, labels: [] }] : []),
  [
    {
      name: 'dtu_limiter_enabled',
      help: '1 while the power limiter is switched on',
      type: 'gauge',
      value: (status) => flag(status.enabled),
    },
    {
      name: 'dtu_limiter_state',
      help: 'Power limiter state: 1 for the state it is in, 0 for the others',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'state',
        values: (status) =>
          Object.keys(STATES).map((state) => [state, flag(state === status.state)] as const),
      },
    },
    {
      name: 'dtu_limiter_mode',
      help: 'Power limiter run-time mode (set on MQTT, normal after a restart): 1 for the mode in force, 0 for the others',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'mode',
        values: (status) => PowerLimiterModes.map((mode) => [mode, flag(mode === status.mode)] as const),
      },
    },
    {
      name: 'dtu_limiter_grid_power_watts',
      help: 'Grid power of the last meter reading the limiter works from in watts (positive: import)',
      type: 'gauge',
      value: (status) => status.grid_power,
    },
    {
      name: 'dtu_limiter_target_watts',
      help: 'Grid power the limiter aims at in watts (positive: import)',
      type: 'gauge',
      value: (status) => status.target,
    },
    {
      name: 'dtu_limiter_persistent_commands_total',
      help: 'Persistent limit commands the limiter sent (it sends none; kept as proof)',
      type: 'counter',
      value: (status) => status.persistent_commands,
    },
  ],
);

// The feed-in cap and the grid operator's signal: each only while switched on (and, the signal, known).
const FEED_IN = group<PowerLimiterStatus['feed_in']>(
  (source) => (source.limiter ? [{ subject: source.limiter.status.feed_in, labels: [] }] : []),
  [
    {
      name: 'dtu_grid_signal_percent',
      help: 'Active step of the grid operator signal in percent of the module power (while switched on and known)',
      type: 'gauge',
      value: (feedIn) => (feedIn.grid_signal.enabled ? feedIn.grid_signal.percent : null),
    },
    {
      name: 'dtu_grid_signal_lost',
      help: '1 while the grid operator signal cannot be read (the last step is kept)',
      type: 'gauge',
      value: (feedIn) => (feedIn.grid_signal.enabled ? flag(feedIn.grid_signal.lost) : null),
    },
    {
      name: 'dtu_feed_in_cap_watts',
      help: 'Feed-in cap: the most the plant may export at the grid point in watts (while switched on)',
      type: 'gauge',
      value: (feedIn) => feedIn.cap_w,
    },
    {
      name: 'dtu_limiter_export_limit_watts',
      help: 'Export allowed now, the strictest of feed-in cap and grid signal, in watts',
      type: 'gauge',
      value: (feedIn) => feedIn.export_limit_w,
    },
  ],
);

type LimiterInverter = PowerLimiterStatus['inverters'][number];

const LIMITER_INVERTERS = group<LimiterInverter>(
  (source) =>
    (source.limiter?.status.inverters ?? [])
      .filter((inv) => inv.governed)
      .map((inv) => ({ subject: inv, labels: inverterOf(source, inv.serial) })),
  [
    {
      name: 'dtu_limiter_inverter_limit_watts',
      help: 'Limit the limiter (or a hand-set limit) holds a governed inverter to in watts, once known',
      type: 'gauge',
      value: (inv) => inv.limit_w,
    },
    {
      name: 'dtu_limiter_inverter_output_watts',
      help: 'AC output of a governed inverter as last polled in watts',
      type: 'gauge',
      value: (inv) => inv.output_w,
    },
  ],
);

// The battery rule in force and the cap it sets, while the status names one (docs/battery.md).
const LIMITER_BATTERY = group<BatteryLimiterStatus>(
  (source) => {
    const battery = source.limiter?.status.battery;
    return battery ? [{ subject: battery, labels: [] }] : [];
  },
  [
    {
      name: 'dtu_limiter_battery_rule',
      help: 'Battery rule that decides what the battery-fed inverters may feed: 1 for the rule in force, 0 for the others',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'rule',
        values: (battery) => BatteryLimiterRules.map((rule) => [rule, flag(rule === battery.rule)] as const),
      },
    },
    {
      // The status has no cap (null) when the BMS reports no discharge current limit: left out, as elsewhere.
      name: 'dtu_limiter_battery_cap_watts',
      help: 'Most the battery-fed inverters may feed together now under the battery rule in watts (0: standby)',
      type: 'gauge',
      value: (battery) => battery.cap_w,
    },
  ],
);

// Each governed inverter's role, an enum over the roles, beside its limit and output rather than as a label
// of theirs (a role changed in the settings would start new series). Only while there is a battery rule.
const LIMITER_ROLES = group<LimiterInverter>(
  (source) => {
    const status = source.limiter?.status;
    if (!status?.battery) return [];
    return status.inverters
      .filter((inv) => inv.governed)
      .map((inv) => ({ subject: inv, labels: inverterOf(source, inv.serial) }));
  },
  [
    {
      name: 'dtu_limiter_inverter_role',
      help: 'What a governed inverter is fed from: 1 for its role (solar or battery), 0 for the other',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'role',
        values: (inv) => LimiterInverterRoles.map((role) => [role, flag(role === inv.role)] as const),
      },
    },
  ],
);

// Governed inverters from 0, and any inverter the limiter commanded before (its counter goes on).
const LIMITER_COMMANDS = group<number>(
  (source) => {
    const limiter = source.limiter;
    if (!limiter) return [];
    const serials = new Set([
      ...limiter.status.inverters.filter((inv) => inv.governed).map((inv) => inv.serial),
      ...limiter.commandsSent.keys(),
    ]);
    return [...serials].map((serial) => ({
      subject: limiter.commandsSent.get(serial) ?? 0,
      labels: inverterOf(source, serial),
    }));
  },
  [
    {
      name: 'dtu_limiter_commands_total',
      help: 'Non-persistent limit commands the limiter sent to the inverter since the gateway started',
      type: 'counter',
      value: (count) => count,
    },
  ],
);

const METER = group<MeterStatus>(
  (source) => (source.meter && meterConfigured(source.meter) ? [{ subject: source.meter, labels: [] }] : []),
  [
    {
      name: 'dtu_meter_up',
      help: '1 while the house meter gives a valid reading (one younger than its maximum age)',
      type: 'gauge',
      value: (meter) => flag(meter.valid),
    },
    {
      name: 'dtu_meter_power_watts',
      help: 'Grid power of the last meter reading in watts (positive: import, negative: export)',
      type: 'gauge',
      value: (meter) => meter.reading?.powerW ?? null,
    },
    {
      name: 'dtu_meter_reading_age_seconds',
      help: 'Age of the last meter reading in seconds',
      type: 'gauge',
      value: (meter) => (meter.ageMs === undefined ? null : meter.ageMs / 1000),
    },
  ],
);

export const LIMITER_GROUPS: readonly MetricGroup[] = [
  LIMITER,
  FEED_IN,
  LIMITER_INVERTERS,
  LIMITER_ROLES,
  LIMITER_BATTERY,
  LIMITER_COMMANDS,
  METER,
];
