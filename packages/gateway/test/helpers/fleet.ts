/**
 * A fleet of test gateways on one host: each its own data directory, seed and ManualClock, with the
 * identity a gateway derives without a test override (config/identity.ts), and its own inverters (the
 * first-start plant with other serials), as separate plants have.
 */
import { Code } from '@dtu-console/contract';
import { post } from './api';
import { expectCode } from './envelopes';
import { HM800, HMS2000, type PlantGateway, plantGateway } from './plant-gateway';

/** The n-th gateway's serials: the first-start models, numbered apart. */
export function fleetSerials(index: number): [string, string] {
  const bump = (serial: string) => `${serial.slice(0, -2)}${String(10 + index).padStart(2, '0')}`;
  return [bump(HM800), bump(HMS2000)];
}

export async function fleetGateway(index: number): Promise<PlantGateway> {
  // chipId undefined: the gateway derives it from the host and its data directory, as in production.
  const env = await plantGateway({ seed: 100 + index, deps: { chipId: undefined } });
  const [hm, hms] = fleetSerials(index);
  for (const [id, serial, name, inputs] of [
    [0, hm, `Roof ${index} HM`, 2],
    [1, hms, `Roof ${index} HMS`, 4],
  ] as const) {
    const channel = Array.from({ length: inputs }, (_, c) => ({
      name: `String ${c + 1}`,
      max_power: 400,
      yield_total_offset: 0,
    }));
    expectCode(
      await post(env.gateway, '/api/inverter/edit', { id, serial, name, channel }),
      Code.InverterChanged,
    );
  }
  return env;
}
