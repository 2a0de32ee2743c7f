/**
 * The protobuf bodies of each tag, both directions, on the generated schemas (`gen/`, from `proto/`;
 * `npm run wifi-proto -w @dtu-console/hoymiles-wifi` regenerates them). Decoding never throws: bytes that are not
 * the expected message are a `MessageError`.
 */
import { type DescMessage, fromBinary, type MessageShape, toBinary } from '@bufbuild/protobuf';
import { formatSerialNumber } from '@dtu-console/contract';
import { AlarmReplySchema, AlarmRequestSchema } from './gen/alarm_pb';
import { AppInfoReplySchema, AppInfoRequestSchema } from './gen/app_info_pb';
import { CommandReplySchema, CommandRequestSchema } from './gen/command_pb';
import { HeartbeatReplySchema, HeartbeatRequestSchema } from './gen/heartbeat_pb';
import { HistPowerReplySchema, HistPowerRequestSchema } from './gen/hist_power_pb';
import { NetworkInfoReplySchema, NetworkInfoRequestSchema } from './gen/network_info_pb';
import { RealDataReplySchema, RealDataRequestSchema } from './gen/real_data_pb';
import { WifiTag } from './tags';

// Building and typing messages on these schemas, for the users of this package.
export { create, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
export * from './gen/alarm_pb';
export * from './gen/app_info_pb';
export * from './gen/command_pb';
export * from './gen/heartbeat_pb';
export * from './gen/hist_power_pb';
export * from './gen/network_info_pb';
export * from './gen/real_data_pb';

/** What the app sends and what the device answers, per request tag. */
export const MESSAGES = {
  [WifiTag.AppInfo]: { request: AppInfoRequestSchema, reply: AppInfoReplySchema },
  [WifiTag.Heartbeat]: { request: HeartbeatRequestSchema, reply: HeartbeatReplySchema },
  [WifiTag.AlarmList]: { request: AlarmRequestSchema, reply: AlarmReplySchema },
  [WifiTag.Command]: { request: CommandRequestSchema, reply: CommandReplySchema },
  [WifiTag.CloudCommand]: { request: CommandRequestSchema, reply: CommandReplySchema },
  [WifiTag.RealData]: { request: RealDataRequestSchema, reply: RealDataReplySchema },
  [WifiTag.NetworkInfo]: { request: NetworkInfoRequestSchema, reply: NetworkInfoReplySchema },
  [WifiTag.HistPower]: { request: HistPowerRequestSchema, reply: HistPowerReplySchema },
} as const satisfies Record<WifiTag, { request: DescMessage; reply: DescMessage }>;

export type MessageResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function encodeMessage<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
): Uint8Array {
  return toBinary(schema, message);
}

export function decodeMessage<Desc extends DescMessage>(
  schema: Desc,
  bytes: Uint8Array,
): MessageResult<MessageShape<Desc>> {
  try {
    return { ok: true, value: fromBinary(schema, bytes) };
  } catch (error) {
    return { ok: false, error: `${schema.name} does not decode: ${(error as Error).message}` };
  }
}

/**
 * An inverter serial as the messages carry it (its hex digits read as a number) → the contract's wire form
 * (lower-case hex, as the radio inverters' serials are shown).
 */
export function serialOfNumber(value: bigint): string {
  return formatSerialNumber(Number(BigInt.asUintN(48, value)));
}

/** 12 hex digits → the number the messages carry. */
export function numberOfSerial(serial: string): bigint {
  return BigInt(`0x${serial}`);
}

/** The limit command's data text: per mille of the rated power. */
export function limitData(percent: number): string {
  return `A:${Math.round(percent * 10)},B:0,C:0\r`;
}

/** Per mille of `A:` in a limit command's data, or undefined when the text is not one. */
export function parseLimitData(data: string): number | undefined {
  const match = /^A:(\d{1,4}),B:\d+,C:\d+\r?$/.exec(data);
  if (!match) return undefined;
  const perMille = Number(match[1]);
  return perMille <= 1000 ? perMille : undefined;
}

/** "YYYY-MM-DD HH:MM:SS" of a Unix time in UTC, as the app fills `time_ymd_hms`. */
export function ymdHms(epochMs: number): Uint8Array {
  const text = new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
  return new TextEncoder().encode(text);
}
