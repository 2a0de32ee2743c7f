import { miTypeOfSerial } from '@dtu-console/contract/common/serial';
import type { SetStatus } from '@dtu-console/contract/limit/api';
import type { DcChannel } from '@dtu-console/contract/livedata/api';
import type { LiveInverter } from '../../ws/livedata';

/** Inverter header colour. */
export type HeaderVariant = 'tertiary' | 'danger' | 'warning' | 'primary';

export function headerVariant(
  inverter: Pick<LiveInverter, 'poll_enabled' | 'reachable' | 'producing'>,
): HeaderVariant {
  if (!inverter.poll_enabled) return 'tertiary';
  if (!inverter.reachable) return 'danger';
  if (!inverter.producing) return 'warning';
  return 'primary';
}

export const HEADER_CLASSES: Record<HeaderVariant, string> = {
  tertiary: 'bg-body-tertiary',
  danger: 'text-bg-danger',
  warning: 'text-bg-warning',
  primary: 'text-bg-primary',
};

/** Pill icon: cross unreachable, exclamation reachable but idle, check producing. */
export type PillIcon = 'cross' | 'exclamation' | 'check';

export function pillIcon(inverter: Pick<LiveInverter, 'reachable' | 'producing'>): PillIcon {
  if (!inverter.reachable) return 'cross';
  if (!inverter.producing) return 'exclamation';
  return 'check';
}

/** From this many inverters on the selector is a compact grid with a search field instead of pills. */
export const COMPACT_SELECTOR_FROM = 8;

/** The search of the compact selector: name or serial contains the text (case and accents ignored). */
export function matchesSearch(inverter: Pick<LiveInverter, 'name' | 'serial'>, query: string): boolean {
  const needle = fold(query.trim());
  if (needle === '') return true;
  return fold(inverter.name).includes(needle) || inverter.serial.toLowerCase().includes(needle);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const byChannelNumber = ([a]: [string, unknown], [b]: [string, unknown]) => Number(a) - Number(b);

/** Channel entries of a map in channel order ("0", "1", …). */
export function channels<C>(map: Record<string, C> | undefined): [string, C][] {
  return Object.entries(map ?? {}).sort(byChannelNumber);
}

/**
 * When the inverter has irradiation data (some string has a max power configured), strings
 * without it are hidden; otherwise every string is shown.
 */
export function visibleDcChannels(inverter: Pick<LiveInverter, 'DC'>): [string, DcChannel][] {
  const all = channels(inverter.DC);
  const withIrradiation = all.filter(([, channel]) => channel.Irradiation !== undefined);
  return withIrradiation.length > 0 ? withIrradiation : all;
}

/** Badge colours of the limit and power command status. */
export const SET_STATUS_VARIANTS: Record<SetStatus, string> = {
  Failure: 'danger',
  Pending: 'warning',
  Ok: 'success',
  Unknown: 'secondary',
};

/**
 * Whether the inverter reports its power limit. An MI (its serial says so) never does: what the gateway
 * knows is at most the last limit it sent, so the header says "not reported" rather than "0 %".
 */
export function reportsLimit(inverter: Pick<LiveInverter, 'serial'>): boolean {
  return miTypeOfSerial(inverter.serial) === undefined;
}

/**
 * Whether the inverter has a grid profile to show: an MI has none, and a Wi-Fi device does not report its
 * inverters' one.
 */
export function hasGridProfile(inverter: Pick<LiveInverter, 'serial' | 'connection'>): boolean {
  return inverter.connection !== 'wifi' && miTypeOfSerial(inverter.serial) === undefined;
}
