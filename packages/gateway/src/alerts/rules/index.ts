/**
 * Every alert rule, in the order the console shows them. A new rule is one file beside these (an
 * `AlertRule`, see rule.ts) and one entry here, plus its id in the contract's `AlertRuleIds`.
 */
import { alarmRule } from './alarm';
import { gridSignalLostRule, gridSignalRule } from './grid-signal';
import { limiterRule } from './limiter';
import { meterRule } from './meter';
import { radioRule } from './radio';
import type { AlertRule } from './rule';
import { stringRule } from './string';
import { unreachableRule } from './unreachable';

export const ALERT_RULES: readonly AlertRule[] = [
  unreachableRule,
  stringRule,
  alarmRule,
  radioRule,
  meterRule,
  limiterRule,
  gridSignalLostRule,
  gridSignalRule,
];
