// An inverter's active-power limit: limits, defaults and enumerations.
import { LimitType } from '@dtu-console/hoymiles/types';

/**
 * `limit_type` of POST /api/limit/config: the protocol's limit types 0..3. The older "0/1 plus 256 when
 * persistent" form is the legacy encoding; see `PowerLimits.legacyPersistentFlag`.
 */
export { LimitType };

/** Active-power limit. */
export const PowerLimits = {
  /** Server rejects larger values of any type (code 5002). */
  valueMax: 2250,
  /** Absolute input bound while the inverter's max power is unknown (not above 0). */
  absoluteFallbackMaxW: 2250,
  relativeMax: 100,
  valueMin: 0,
  typeMax: 3,
  legacyPersistentFlag: 256,
} as const;

/**
 * The encoding clients used before August 2025 and some older documentation still describes: 0/1 plus 256 when
 * persistent. 0 and 1 mean the same in both encodings.
 */
const legacyLimitTypes: Readonly<Record<number, LimitType>> = {
  [PowerLimits.legacyPersistentFlag]: LimitType.AbsolutePersistent,
  [PowerLimits.legacyPersistentFlag + 1]: LimitType.RelativePersistent,
};

/**
 * The current `limit_type` (0..3) for a current or legacy one, undefined when it is neither (5003). The
 * gateway's engine reads MQTT limit commands through the same rule.
 */
export function normalizeLimitType(limitType: number): LimitType | undefined {
  if (Number.isInteger(limitType) && limitType >= 0 && limitType <= PowerLimits.typeMax) {
    return limitType as LimitType;
  }
  return legacyLimitTypes[limitType];
}
