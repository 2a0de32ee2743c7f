/** The axes of the history chart: a round value scale and hour ticks on a day's local full hours. */

/** A round axis top and step for values up to `max`, with about `count` steps (1, 2, 2.5 or 5 × 10ⁿ). */
export function niceScale(max: number, count = 4): { top: number; step: number; ticks: number[] } {
  const target = max > 0 && Number.isFinite(max) ? max : 1;
  const raw = target / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= raw) ?? 10) * magnitude;
  const top = Math.ceil(target / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  return { top, step, ticks };
}

/**
 * A round axis from `min` to `max` (the bottom is 0 unless a value is below zero, as grid power in export):
 * the step of the whole span, the bottom and top on multiples of it.
 */
export function niceRange(
  min: number,
  max: number,
  count = 4,
): { bottom: number; top: number; step: number; ticks: number[] } {
  if (!(min < 0) || !Number.isFinite(min)) return { bottom: 0, ...niceScale(max, count) };
  // One step more than above zero alone: both ends are rounded out, which costs room.
  const { step } = niceScale(Math.max(max, 0) - min, count + 1);
  const bottom = Math.floor(min / step + 1e-9) * step;
  const top = Math.max(Math.ceil(Math.max(max, 0) / step - 1e-9), 0) * step;
  const ticks: number[] = [];
  for (let value = bottom; value <= top + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  return { bottom, top, step, ticks };
}

/** Local hour and minute of a Unix time in a zone. */
function zoneClock(zone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (seconds: number) => {
    const parts = format.formatToParts(new Date(seconds * 1000));
    const read = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    return { hour: read('hour'), minute: read('minute') };
  };
}

/**
 * Ticks on the local full hours of a day that are multiples of `every` (in the gateway's zone): a day with
 * a DST change still gets its ticks on 03:00, 06:00 … even though it is 23 or 25 hours long.
 */
export function hourTicks(
  from: number,
  to: number,
  zone: string,
  every: number,
): { at: number; hour: number }[] {
  const clock = zoneClock(zone);
  const ticks: { at: number; hour: number }[] = [];
  // Full hours are whole hours from midnight in every zone whose offset is a whole number of hours; a
  // zone on a half hour gets its ticks on the half hours.
  for (let at = from; at < to; at += 3600) {
    const { hour } = clock(at);
    if (hour % every === 0) ticks.push({ at, hour });
  }
  return ticks;
}
