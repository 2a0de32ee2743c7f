import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { TimezoneMap } from '@dtu-console/contract';
import { ZONES_FILE } from '../paths';

let zones: Readonly<TimezoneMap> | undefined;
let asset: ZonesAsset | undefined;

/** Read once, on first use. */
export function zoneTable(): Readonly<TimezoneMap> {
  zones ??= JSON.parse(readFileSync(ZONES_FILE, 'utf8')) as TimezoneMap;
  return zones;
}

/** The POSIX rule to apply: the stored one, else the one of the zone's name, else UTC. */
export function posixRuleOf(timezone: string, description: string): string {
  if (timezone) return timezone;
  return zoneTable()[description] ?? 'UTC0';
}

/** The zone table prepared once for sending: compact JSON, its gzip form and a strong ETag. */
export interface ZonesAsset {
  json: string;
  gzip: Buffer;
  etag: string;
}

export function zonesAsset(): ZonesAsset {
  if (!asset) {
    const json = JSON.stringify(zoneTable());
    asset = { json, gzip: gzipSync(json), etag: `"${createHash('md5').update(json).digest('hex')}"` };
  }
  return asset;
}
