/**
 * What the radio check takes from the gateway's data directory: the device profile (config.json's
 * `device.pinmapping`, or `--profile`) with its Linux wiring from pin_mapping.json, and the DTU settings
 * the drivers need (serial, CMT country and frequency, power levels). Without a config.json the gateway's
 * defaults apply.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DtuDefaults, formatSerialNumber } from '@dtu-console/contract';
import type { LinuxRadioWiring } from '@dtu-console/radio/linux/wiring';
import type { RadioSettings } from '@dtu-console/radio/radio';
import { linuxRadioWiring, parsePinMapping } from '../config/pin-mapping';

export interface CheckSetup {
  profile: string;
  wiring: { kind: 'ok'; wiring: LinuxRadioWiring } | { kind: 'missing'; reason: string };
  settings: RadioSettings;
}

/** The DTU serial a gateway without a config.json shows until one is saved: only used to address frames. */
const FALLBACK_DTU_SERIAL = '199980112345';

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

export async function readCheckSetup(dataDir: string, profileOption?: string): Promise<CheckSetup> {
  const config = record(await readJson(join(dataDir, 'config.json')));
  const dtu = record(config.dtu);
  const device = record(config.device);
  const serial =
    typeof dtu.serial === 'number' && dtu.serial > 0 ? formatSerialNumber(dtu.serial) : FALLBACK_DTU_SERIAL;
  const settings: RadioSettings = {
    dtuSerial: serial,
    nrfEnabled: true,
    nrfPaLevel: numberOr(dtu.nrf_pa_level, DtuDefaults.nrfPaLevel),
    cmtEnabled: true,
    cmtPaLevel: numberOr(dtu.cmt_pa_level, DtuDefaults.cmtPaLevel),
    cmtFrequencyHz: numberOr(dtu.cmt_frequency, DtuDefaults.cmtFrequency),
    cmtCountry: numberOr(dtu.cmt_country_mode, DtuDefaults.cmtCountry) as RadioSettings['cmtCountry'],
  };
  const profile = profileOption ?? (typeof device.pinmapping === 'string' ? device.pinmapping : '');
  const mappingPath = join(dataDir, 'pin_mapping.json');
  let text: string | undefined;
  try {
    text = await readFile(mappingPath, 'utf8');
  } catch {
    text = undefined;
  }
  const missing = (reason: string): CheckSetup => ({
    profile,
    wiring: { kind: 'missing', reason },
    settings,
  });
  if (text === undefined) {
    return missing(
      `no device profile: ${mappingPath} does not exist (copy deploy/raspberry-pi/pin_mapping.json there and choose a profile in Settings → Device manager, or pass --profile)`,
    );
  }
  const mapping = parsePinMapping(text);
  if (mapping.kind !== 'ok')
    return missing(`${mappingPath} is ${mapping.kind === 'invalid' ? mapping.reason : 'missing'}`);
  if (profile === '') {
    return missing(
      `no device profile chosen: choose one in Settings → Device manager or pass --profile "<name>" (${mapping.profiles.map((p) => `"${p.name}"`).join(', ')})`,
    );
  }
  const chosen = mapping.profiles.find((p) => p.name === profile);
  if (!chosen) return missing(`${mappingPath} has no profile "${profile}"`);
  const wiring = linuxRadioWiring(chosen);
  if (wiring.kind === 'none')
    return missing(`the profile "${profile}" has no Linux radio keys (nrf24.spidev, cmt.spidev)`);
  if (wiring.kind === 'invalid') return missing(wiring.reason);
  return { profile, wiring: { kind: 'ok', wiring: wiring.wiring }, settings };
}
