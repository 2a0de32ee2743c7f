import { createHash } from 'node:crypto';
import os from 'node:os';
import { resolve } from 'node:path';

/**
 * The "chip id" an ESP32 derives from its MAC; OpenDTU builds the DTU serial, the hostname pattern and the
 * MQTT client id from it. Here: the last three bytes of the first real network interface's MAC, or a hash
 * of the host name when there is none (containers), so the values stay the same across restarts.
 */
export function hostChipId(): number {
  const macs = Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && entry.mac !== '00:00:00:00:00:00')
    .map((entry) => entry?.mac ?? '')
    .sort();
  const mac = macs[0];
  if (mac) {
    const bytes = mac.split(':').map((part) => Number.parseInt(part, 16));
    return (((bytes[3] ?? 0) << 16) | ((bytes[4] ?? 0) << 8) | (bytes[5] ?? 0)) >>> 0;
  }
  return createHash('sha256').update(os.hostname()).digest().readUIntBE(0, 3);
}

/** The packaged service's data directory (deploy/systemd): the gateway a host runs by default. */
export const SERVICE_DATA_DIR = '/var/lib/dtu-console';

/**
 * The chip id of the gateway keeping its data in `dataDir`. Gateways on one host share its MAC, and with it
 * the MQTT client id, the DTU serial and the Home Assistant device id derived from the chip id: two of them
 * on one broker would throw each other off (one client id) and merge into one device. So every data
 * directory but the service's mixes a hash of its absolute path into the host's chip id; the service's
 * directory keeps the host's, as before (docs/fleet.md).
 */
export function gatewayChipId(dataDir: string, hostId: number = hostChipId()): number {
  const path = resolve(dataDir);
  if (path === SERVICE_DATA_DIR) return hostId;
  const mix = createHash('sha256').update(path).digest().readUIntBE(0, 3);
  return (hostId ^ mix) >>> 0;
}

/**
 * DTU serial: hex digits `1999` (product) `8` (year digit) `01` (week), then the last 5
 * decimal digits of the chip id. Returned as the 48-bit number stored in config.json.
 */
export function generateDtuSerial(chipId: number): number {
  const digits = String(chipId % 100000).padStart(5, '0');
  return Number.parseInt(`1999801${digits}`, 16);
}

/** The placeholder an unconfigured OpenDTU stores; replaced by a generated serial when loaded. */
export const PLACEHOLDER_DTU_SERIAL = 0x99978563412;
