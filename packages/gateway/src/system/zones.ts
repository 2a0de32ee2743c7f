import { readFileSync } from 'node:fs';

import { ZONES_FILE } from '../paths';

let zones: Readonly<Record<string, string>> | undefined;

/** Read once, on first use. */
export function zoneTable(): Readonly<Record<string, string>> {
  zones ??= JSON.parse(readFileSync(ZONES_FILE, 'utf8')) as Record<string, string>;
  return zones;
}

/** The POSIX rule to apply: the stored one, else the one of the zone's name, else UTC. */
export function posixRuleOf(timezone: string, description: string): string {
  if (timezone) return timezone;
  return zoneTable()[description] ?? 'UTC0';
}
