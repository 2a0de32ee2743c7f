/** The placeholder a stored host name may carry; OpenDTU fills it with the chip id. */
export const HOSTNAME_CHIP_ID_PLACEHOLDER = '%06X';

/**
 * The host name the gateway announces: the stored pattern with the placeholder replaced by the last six
 * hex digits of the chip id, reduced to what a DNS label allows (letters, digits, inner hyphens, 63 long).
 */
export function announcedHostname(pattern: string, chipId: number): string {
  const chip = (chipId & 0xffffff).toString(16).toUpperCase().padStart(6, '0');
  const label = pattern
    .replaceAll(HOSTNAME_CHIP_ID_PLACEHOLDER, chip)
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return label || `OpenDTU-${chip}`;
}
