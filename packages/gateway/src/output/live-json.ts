/**
 * Pure mappers from the live model to the API's JSON: live data and WebSocket messages, event log,
 * device info, grid profile, limit and power status (docs/api.md). Objects are built in the documented key
 * order, since JSON.stringify keeps insertion order.
 *
 * Numbers: the reference prints 32-bit floats with about 7 significant digits, so a large YieldTotal such as
 * 12345.678 kWh reads 12345.68. We round each value to its `d` decimals instead: the same text for every
 * value a float can hold exactly at that precision, no float noise (477.59999…), and no lost watt-hours.
 */
import {
  type AcChannel,
  type DcChannel,
  type DevInfoStatus,
  type EventLogStatus,
  type GridProfileRawData,
  type GridProfileStatus,
  type InvChannel,
  isZeroSerial,
  type LimitStatusResponse,
  type LivedataMessage,
  type LivedataStatus,
  type LiveHints,
  type LiveInverterDetail,
  type LiveInverterListEntry,
  type LiveInverterSummary,
  type LiveTotal,
  type PowerStatusResponse,
  type ValueUnit,
} from '@dtu-console/contract';
import { decodeGridProfile, emptyGridProfile, FAMILIES, renderEventLog } from '@dtu-console/hoymiles';
import type { LiveModel } from '../engine/live-model';
import type { LiveInverter } from '../engine/live-types';
import type { PlantTotals } from '../engine/yields';
import {
  AC_FIELDS,
  channelsOf,
  DC_FIELDS,
  hasField,
  INV_FIELDS,
  IRRADIATION_FIELD,
  inputMaxPowerW,
  isEstimated,
  type LiveField,
  roundTo,
  showsIrradiation,
  TOTAL_FIELDS,
} from './fields';

export { roundTo } from './fields';

function vu(value: number, unit: string, digits: number): ValueUnit {
  return { v: roundTo(value, digits), u: unit, d: digits };
}

/** One channel's fields of the catalogue as `{v, u, d}` entries, in catalogue order. */
function channelJson(
  inv: LiveInverter,
  fields: readonly LiveField[],
  channel: number,
): Record<string, ValueUnit> {
  const out: Record<string, ValueUnit> = {};
  for (const f of fields) {
    if (!hasField(inv, f)) continue;
    const value = vu(f.read(inv, channel), f.unit, f.digits);
    out[f.name] = isEstimated(inv, f) ? { ...value, estimated: true } : value;
  }
  return out;
}

/** Hint flags the engine does not know: passed in by the caller (auth, device profile). */
export interface HintInputs {
  /** The admin password is still the default one. */
  defaultPassword: boolean;
  /** Hardware builds only; always false for this gateway unless told otherwise. */
  pinMappingIssue?: boolean;
  /** The radio is the built-in simulation. */
  radioSimulated?: boolean;
}

/** The hint inputs of a running gateway: its auth state and its radio, read by REST and the socket alike. */
export function gatewayHintInputs(
  auth: { defaultPasswordActive(): boolean },
  radio: { status(): { simulated?: boolean } },
): HintInputs {
  return { defaultPassword: auth.defaultPasswordActive(), radioSimulated: radio.status().simulated === true };
}

export function hintsJson(model: LiveModel, inputs: HintInputs): LiveHints {
  return {
    time_sync: !model.system.timeSynchronised,
    radio_problem: model.system.radioProblem,
    default_password: inputs.defaultPassword,
    pin_mapping_issue: inputs.pinMappingIssue ?? false,
    // Only when true: the reference answer has four hints, and a real radio adds nothing.
    ...(inputs.radioSimulated ? { radio_simulated: true } : {}),
  };
}

/** The catalogue's totals that live data shows, in catalogue order. */
export function totalJson(totals: PlantTotals): LiveTotal {
  const out: Partial<LiveTotal> = {};
  for (const f of TOTAL_FIELDS) {
    if (f.liveName) out[f.liveName] = vu(f.read(totals), f.unit, f.digits(totals));
  }
  return out as LiveTotal;
}

/** `limit_absolute`: −1 while the rated power is unknown. */
function limitAbsoluteJson(inv: LiveInverter): number {
  return inv.limitAbsoluteW === null ? -1 : roundTo(inv.limitAbsoluteW, 3);
}

/** Summary fields, in wire order. */
export function inverterSummaryJson(model: LiveModel, inv: LiveInverter): LiveInverterSummary {
  const ageMs = model.dataAgeMs(inv);
  return {
    serial: inv.serial,
    name: inv.name,
    order: inv.order,
    data_age: Math.floor(ageMs / 1000),
    data_age_ms: ageMs,
    poll_enabled: inv.pollEnabled,
    reachable: inv.reachable,
    producing: inv.producing,
    limit_relative: roundTo(inv.limitRelative, 1),
    limit_absolute: limitAbsoluteJson(inv),
    // A Wi-Fi inverter reports no radio statistics: they are absent, not zeros.
    ...(inv.connection === 'wifi'
      ? { connection: 'wifi' as const, ...(inv.wifiDevice ? { device: { ...inv.wifiDevice } } : {}) }
      : { radio_stats: { ...inv.radioStats } }),
  };
}

/** An entry of the list without `?inv=`: the summary, then the event count. */
export function inverterListEntryJson(model: LiveModel, inv: LiveInverter): LiveInverterListEntry {
  return { ...inverterSummaryJson(model, inv), events: inv.eventLog.length };
}

/**
 * The detailed object of `?inv=` and of every WebSocket message.
 * The OpenDTU quirk "no HMT per-phase values" (docs/compatibility.md) kept: the HMT per-phase voltages and currents stay out. Clients of the OpenDTU API
 * expect exactly this field catalogue; the phase values remain in the snapshot (`values.phases`) for any
 * output of our own that wants them.
 */
export function inverterDetailJson(model: LiveModel, inv: LiveInverter): LiveInverterDetail {
  const dc: Record<string, DcChannel> = {};
  for (const c of channelsOf(inv, 'DC')) {
    const entry = {
      name: { u: inv.channels[c]?.name ?? '' },
      ...channelJson(
        inv,
        DC_FIELDS.filter((f) => f !== IRRADIATION_FIELD),
        c,
      ),
    } as DcChannel;
    if (showsIrradiation(inv, c)) {
      const { unit, digits } = IRRADIATION_FIELD;
      entry.Irradiation = {
        ...vu(IRRADIATION_FIELD.read(inv, c), unit, digits),
        max: inputMaxPowerW(inv, c),
      };
    }
    dc[String(c)] = entry;
  }
  return {
    ...inverterSummaryJson(model, inv),
    AC: { '0': channelJson(inv, AC_FIELDS, 0) as unknown as AcChannel },
    DC: dc,
    INV: { '0': channelJson(inv, INV_FIELDS, 0) as unknown as InvChannel },
    // Every supported family has an event counter, so -1 (no counter) never occurs.
    events: inv.eventLog.length,
  };
}

export interface LivedataStatusOptions extends HintInputs {
  /** `?inv=` as given; absent or parsing to 0 → all inverters as summaries. */
  inv?: string;
}

/** GET /api/livedata/status. */
export function livedataStatusJson(
  model: LiveModel,
  options: LivedataStatusOptions,
): LivedataStatus<LiveInverterListEntry | LiveInverterDetail> {
  const { inv } = options;
  let inverters: (LiveInverterListEntry | LiveInverterDetail)[];
  if (inv !== undefined && model.inverter(inv) !== undefined) {
    inverters = [inverterDetailJson(model, model.inverter(inv)!)];
  } else if (inv !== undefined && !isZeroSerial(inv)) {
    inverters = [];
  } else {
    inverters = model.inverters().map((i) => inverterListEntryJson(model, i));
  }
  return { inverters, total: totalJson(model.totals()), hints: hintsJson(model, options) };
}

/**
 * What the console's HTML carries for its first paint: the status list (totals, hints, every inverter)
 * with the first inverter in detail, so the live view shows values before any request of its own.
 */
export function livedataFirstPaintJson(
  model: LiveModel,
  hints: HintInputs,
): LivedataStatus<LiveInverterListEntry | LiveInverterDetail> {
  const status = livedataStatusJson(model, hints);
  const first = model.inverters()[0];
  if (first) status.inverters = [inverterDetailJson(model, first), ...(status.inverters ?? []).slice(1)];
  return status;
}

/** One WebSocket /livedata frame: exactly one detailed inverter; undefined if unknown. */
export function livedataMessageJson(
  model: LiveModel,
  serial: string,
  hints: HintInputs,
): LivedataMessage | undefined {
  const inv = model.inverter(serial);
  if (!inv) return undefined;
  return {
    inverters: [inverterDetailJson(model, inv)],
    total: totalJson(model.totals()),
    hints: hintsJson(model, hints),
  };
}

export interface EventLogJsonOptions {
  /** Local time − UTC in seconds; default: the model's current offset. */
  utcOffsetSeconds?: number;
  /** Message text in the wanted language; default: the English text of the protocol library. */
  translate?: (messageId: number, english: string) => string;
}

/** GET /api/eventlog/status; `{}` for an unknown inverter. */
export function eventlogStatusJson(
  model: LiveModel,
  inv: LiveInverter | undefined,
  options: EventLogJsonOptions = {},
): EventLogStatus | Record<string, never> {
  if (!inv) return {};
  const view = renderEventLog(inv.eventLog, {
    tzOffsetSeconds: options.utcOffsetSeconds ?? model.system.utcOffsetSeconds,
    messageSet: FAMILIES[inv.family].eventMessageSet,
  });
  return {
    count: view.count,
    events: view.events.map((e) => ({
      message_id: e.messageId,
      message: options.translate ? options.translate(e.messageId, e.message) : e.message,
      start_time: e.startTime,
      end_time: e.endTime,
    })),
  };
}

/** GET /api/devinfo/status; `{}` for an unknown inverter. */
export function devinfoStatusJson(inv: LiveInverter | undefined): DevInfoStatus | Record<string, never> {
  if (!inv) return {};
  const d = inv.deviceInfo;
  return {
    valid_data: d.received,
    serial: inv.serial,
    fw_bootloader_version: d.fwBootloaderVersion,
    fw_build_version: d.fwBuildVersion,
    hw_part_number: d.hwPartNumber,
    hw_version: d.hwVersion,
    hw_model_name: d.hwModelName,
    max_power: d.maxPowerW,
    fw_build_datetime: d.fwBuildDateTime,
    pdl_supported: d.pdlSupported,
  };
}

/** GET /api/gridprofile/status; `{}` for an unknown inverter. */
export function gridprofileStatusJson(
  inv: LiveInverter | undefined,
): GridProfileStatus | Record<string, never> {
  if (!inv) return {};
  if (inv.gridProfileRaw.length === 0) return emptyGridProfile();
  const decoded = decodeGridProfile(inv.gridProfileRaw);
  return decoded.ok ? decoded.value : emptyGridProfile();
}

/** GET /api/gridprofile/rawdata; `{}` for an unknown inverter. */
export function gridprofileRawJson(
  inv: LiveInverter | undefined,
): GridProfileRawData | Record<string, never> {
  if (!inv) return {};
  return { raw: Array.from(inv.gridProfileRaw) };
}

/** GET /api/limit/status. */
export function limitStatusJson(model: LiveModel): LimitStatusResponse {
  const out: LimitStatusResponse = {};
  for (const inv of model.inverters()) {
    out[inv.serial] = {
      limit_relative: roundTo(inv.limitRelative, 1),
      max_power: inv.maxPowerW,
      limit_set_status: inv.limitSetStatus,
      ...(inv.mi?.limitBestEffort ? { best_effort: true as const } : {}),
      ...(inv.connection === 'wifi' ? { connection: 'wifi' as const } : {}),
    };
  }
  return out;
}

/** GET /api/power/status. */
export function powerStatusJson(model: LiveModel): PowerStatusResponse {
  const out: PowerStatusResponse = {};
  for (const inv of model.inverters()) out[inv.serial] = { power_set_status: inv.powerSetStatus };
  return out;
}
