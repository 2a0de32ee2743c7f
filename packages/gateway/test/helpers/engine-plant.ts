/**
 * The engine settings of a test plant: the given serials in order, each with every input of its family at
 * 400 W, polled every 5 s (or `pollIntervalS`), at the middle of Germany. Shared by the engine, radio-stack and reliability tests.
 */
import { FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import { type EngineSettings, engineSettings, inverterSettings } from '../../src/engine/settings';

export const PLANT_LOCATION = { latitude: 51.1657, longitude: 10.4515 };

export function plantSettings(
  serials: readonly string[],
  options: { pollIntervalS?: number } = {},
): EngineSettings {
  return engineSettings({
    dtu: { pollIntervalS: options.pollIntervalS ?? 5, nrfPaLevel: 3, cmtPaLevel: 20 },
    location: { ...PLANT_LOCATION, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
    inverters: serials.map((serial, id) =>
      inverterSettings({
        id,
        order: id,
        serial,
        name: `inv ${id}`,
        channels: Array.from({ length: FAMILIES[familyOfSerial(serial)!].dcInputs }, () => ({
          name: '',
          max_power: 400,
          yield_total_offset: 0,
        })),
      }),
    ),
  });
}
