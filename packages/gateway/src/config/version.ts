/** Version of the config.json format; migrations (config/migrations.ts) lift older files to it. */
export const CONFIG_VERSION = '1.1.0';

/**
 * `cfg.version` in config.json is the version as one integer, major << 24 | minor << 16 | patch << 8, the
 * same packing OpenDTU uses (its 0.1.30 is 0x00011E00 = 73216), so an OpenDTU backup reads as an older
 * format of ours and goes through the migrations.
 */
export function versionToInt(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return ((major & 0xff) << 24) + ((minor & 0xff) << 16) + ((patch & 0xff) << 8);
}

export function intToVersion(value: number): string {
  return `${Math.floor(value / 0x1000000) & 0xff}.${(value >>> 16) & 0xff}.${(value >>> 8) & 0xff}`;
}

export const CONFIG_VERSION_INT = versionToInt(CONFIG_VERSION);
