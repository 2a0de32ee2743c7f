/**
 * A virtual Hoymiles Wi-Fi device on loopback TCP for gateway tests, living on the gateway's clock (the
 * device's physics read the same time the gateway polls at).
 */
import type { Clock } from '@dtu-console/clock';
import { wifiSimModel } from '../../src/wifi/sim/models';
import { type Misbehaviour, WifiSimServer } from '../../src/wifi/sim/server';
import { VirtualWifiDevice } from '../../src/wifi/sim/virtual-device';

export interface TestWifiDeviceOptions {
  model?: string;
  inverters?: number;
  encrypt?: boolean;
  /** With `encrypt`: the device hands out no key. */
  withholdKey?: boolean;
  /** Listen on this port (a device coming back where it was). */
  port?: number;
  misbehaviour?: Misbehaviour;
}

export async function startWifiDevice(clock: Clock, options: TestWifiDeviceOptions = {}) {
  const model = wifiSimModel(options.model ?? 'HMS-800W-2T');
  if (!model) throw new Error(`no virtual model ${options.model}`);
  const device = new VirtualWifiDevice({
    model,
    seed: 'gateway-test',
    now: () => clock.now(),
    ...(options.inverters === undefined ? {} : { inverters: options.inverters }),
    ...(options.encrypt ? { encrypt: true } : {}),
    ...(options.withholdKey ? { withholdKey: true } : {}),
  });
  const server = new WifiSimServer({
    device,
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.misbehaviour ? { misbehaviour: options.misbehaviour } : {}),
  });
  await server.listen();
  return { device, server, port: server.port };
}

/** One device entry of POST /api/wifi/config on loopback. */
export function wifiDeviceConfig(port: number, name = 'Balcony') {
  return { name, host: '127.0.0.1', port, enabled: true, poll_interval: 35 };
}
