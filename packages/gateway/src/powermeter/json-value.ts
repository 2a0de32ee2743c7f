/**
 * Reads the power out of a payload: parse (JSON, or a plain number), follow the JSON path, then unit and
 * sign. The errors say exactly what was missing ("JSON path not found: StatusSNS.SML").
 */
import { lookupJsonPath, PowerMeterUnitFactors, parseJsonPath } from '@dtu-console/contract';
import { MeterError } from './problems';

export interface ValueRule {
  json_path: string;
  /** 0 W, 1 kW, 2 mW. */
  unit: number;
  sign_inverted: boolean;
}

/** The payload text as JSON; a bare number ("  -123.4 ") is JSON too. */
export function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MeterError('not-json', `Not JSON: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`);
  }
}

/** The number a path points at; numeric strings count (some bridges send "123.4"). */
export function numberAt(root: unknown, path: string): number {
  const steps = parseJsonPath(path);
  if (steps === undefined) throw new MeterError('json-path', `Invalid JSON path: ${path}`);
  const found = lookupJsonPath(root, steps);
  if (!found.found) throw new MeterError('json-path', `JSON path not found: ${found.missing}`);
  const { value } = found;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new MeterError(
      'not-a-number',
      `Not a number at ${path === '' ? 'the payload' : path}: ${JSON.stringify(value)}`,
    );
  }
  return number;
}

/** The power in W, import positive, of one parsed payload. */
export function powerOf(root: unknown, rule: ValueRule): number {
  const factor = PowerMeterUnitFactors[rule.unit] ?? 1;
  const watts = numberAt(root, rule.json_path) * factor;
  return rule.sign_inverted ? -watts : watts;
}
