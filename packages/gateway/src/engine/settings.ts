/**
 * What the inverter engine needs from the configuration: the DTU radio, the location for day and night, and
 * the inverters. Names of the inverter flags follow config.json's slots, so plant.ts copies them one to one.
 */
import type { InverterChannelConfig, InverterConfig, SunsetType } from '@dtu-console/contract';
import { DtuDefaults, InverterSlotDefaults, NtpDefaults } from '@dtu-console/contract';
import type { RadioSettings } from '@dtu-console/radio/radio';

/** A string's settings (name, max power, yield offset), as the inverter list carries them. */
export type EngineChannelSettings = InverterChannelConfig;

/**
 * An inverter's settings under config.json's slot names: the inverter list's fields less its type (the
 * engine derives the family from the serial). `id` is the slot, the internal order of the status list;
 * an unsupported serial is kept but never polled.
 */
export interface EngineInverterSettings extends Omit<InverterConfig, 'type' | 'channel' | 'limiter_opt_in'> {
  /** MI series: the power limiter may govern it; absent = no. */
  limiter_opt_in?: boolean;
  /** One per DC input; missing entries count as unnamed, no max power, no offset. */
  channels: EngineChannelSettings[];
}

export interface EngineDtuSettings {
  /** The DTU's own serial (hex); its low 32 bits are the sender address. */
  serial: string;
  /** Seconds between the starts of two poll rounds, in which every inverter gets one turn (1..86400). */
  pollIntervalS: number;
  nrfEnabled: boolean;
  nrfPaLevel: number;
  cmtEnabled: boolean;
  cmtPaLevel: number;
  cmtFrequencyHz: number;
  cmtCountry: RadioSettings['cmtCountry'];
}

export interface EngineLocationSettings {
  latitude: number;
  longitude: number;
  sunsetType: SunsetType;
  /** Time zone as the system/timezone module takes it (the configured zone's POSIX rule). */
  timezone: string;
}

export interface EngineSettings {
  dtu: EngineDtuSettings;
  location: EngineLocationSettings;
  inverters: EngineInverterSettings[];
}

export function radioSettingsOf(dtu: EngineDtuSettings): RadioSettings {
  return {
    dtuSerial: dtu.serial,
    nrfEnabled: dtu.nrfEnabled,
    nrfPaLevel: dtu.nrfPaLevel,
    cmtEnabled: dtu.cmtEnabled,
    cmtPaLevel: dtu.cmtPaLevel,
    cmtFrequencyHz: dtu.cmtFrequencyHz,
    cmtCountry: dtu.cmtCountry,
  };
}

/** An inverter entry with a fresh slot's defaults (contract `InverterSlotDefaults`) for everything not given. */
export function inverterSettings(
  partial: Partial<EngineInverterSettings> & Pick<EngineInverterSettings, 'serial'>,
): EngineInverterSettings {
  return {
    id: 0,
    name: '',
    order: 0,
    ...InverterSlotDefaults,
    channels: [],
    ...partial,
  };
}

/** Settings with a fresh gateway's defaults (the contract's limits) for everything not given; for tests. */
export function engineSettings(partial: {
  dtu?: Partial<EngineDtuSettings>;
  location?: Partial<EngineLocationSettings>;
  inverters?: EngineInverterSettings[];
}): EngineSettings {
  return {
    dtu: {
      serial: '199980112345',
      pollIntervalS: DtuDefaults.pollInterval,
      nrfEnabled: true,
      nrfPaLevel: DtuDefaults.nrfPaLevel,
      cmtEnabled: true,
      cmtPaLevel: DtuDefaults.cmtPaLevel,
      cmtFrequencyHz: DtuDefaults.cmtFrequency,
      cmtCountry: DtuDefaults.cmtCountry,
      ...partial.dtu,
    },
    location: {
      latitude: NtpDefaults.latitude,
      longitude: NtpDefaults.longitude,
      sunsetType: NtpDefaults.sunsetType,
      timezone: NtpDefaults.timezone,
      ...partial.location,
    },
    inverters: partial.inverters ?? [],
  };
}
