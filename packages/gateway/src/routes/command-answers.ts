/**
 * The limit and power routes' side of a command: which inverters a request may name, and the envelope for
 * what the engine did with a validated request.
 */
import { Code, type Envelope, envelope, type KnownInverterContext } from '@dtu-console/contract';
import type { CommandResult, LiveModel } from '../engine';

const MAX_48 = 1n << 48n;

/** "No such inverter" (5004, 11002) as the engine sees it: a configured inverter of a supported family. */
export function knownInverterContext(live: LiveModel): KnownInverterContext {
  return { isKnownInverter: (serial) => serial < MAX_48 && live.inverter(Number(serial)) !== undefined };
}

/**
 * The answer to a validated limit or power request. With commands disabled nothing was sent, yet the answer
 * is success (1001): clients treat anything else as a failure and some retry in a loop (quirk "commands
 * disabled still answer 1001", kept; docs/compatibility.md). The free-text message says it went nowhere;
 * the engine logs it.
 */
export function commandEnvelope(
  result: CommandResult,
  codes: { unknown: Code; invalid: Code },
  /** Minutes between two limits to a Wi-Fi device (the refusal's param). */
  wifiLimitIntervalMin?: number,
): Envelope {
  switch (result) {
    case 'queued':
      return envelope(Code.SettingsSaved);
    case 'commands-disabled':
      return {
        ...envelope(Code.SettingsSaved),
        message: 'Accepted, but not sent: commands are disabled for this inverter right now.',
      };
    case 'unknown-inverter':
      // Removed between validation and the command (a concurrent inverter edit).
      return envelope(codes.unknown);
    case 'invalid':
      return envelope(codes.invalid);
    case 'wifi-too-soon':
      return envelope(
        Code.WifiLimitTooSoon,
        wifiLimitIntervalMin === undefined ? undefined : { max: wifiLimitIntervalMin },
      );
    case 'wifi-persistent-only':
      return envelope(Code.WifiLimitPersistentOnly);
    case 'wifi-offline':
      return envelope(Code.WifiDeviceOffline);
  }
}
