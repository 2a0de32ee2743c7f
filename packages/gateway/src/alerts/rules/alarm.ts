/**
 * New alarms in an inverter's event log: an entry that was not in the log when the gateway first read it,
 * of a category that means trouble (not a status or a remote command), still active. It clears when the
 * log shows it ended or no longer holds it (both seen at the next read of the log). Low input voltage is
 * what every inverter logs at dusk, so it is not an alarm.
 */
import { type EventLogEntry, eventMessageInfo, FAMILIES } from '@dtu-console/hoymiles';
import type { LiveInverter } from '../../engine';
import { type AlertCondition, type AlertRule, condition } from './rule';

const NOT_ALARMS = new Set(['status', 'remote']);

function entryTag(entry: EventLogEntry): string {
  return `${entry.rawStart}${entry.startPm ? 'p' : 'a'}`;
}

function isAlarm(inv: LiveInverter, entry: EventLogEntry): boolean {
  const info = eventMessageInfo(entry.messageId, FAMILIES[inv.family].eventMessageSet);
  if (info.category === null || NOT_ALARMS.has(info.category)) return false;
  return !(info.category === 'pv' && info.message.endsWith('voltage too low'));
}

export const alarmRule: AlertRule = {
  id: 'alarm',
  enabled: (s) => s.alarm_enabled,
  holdMs: () => 0,
  create: () => {
    /** Per inverter: the entries already there when its log was first seen (not new). */
    const seen = new Map<string, Set<string>>();
    const restored = new Map<string, Set<string>>();
    const key = (messageId: number, tag: string) => `${messageId}|${tag}`;
    return {
      restore(open: readonly AlertCondition[]) {
        for (const c of open) {
          const set = restored.get(c.serial) ?? new Set<string>();
          set.add(key(c.messageId ?? 0, c.tag));
          restored.set(c.serial, set);
        }
      },
      evaluate({ inverters }) {
        const result: AlertCondition[] = [];
        for (const inv of inverters) {
          if (inv.eventLog.length === 0) continue;
          let known = seen.get(inv.serial);
          if (!known) {
            const open = restored.get(inv.serial) ?? new Set<string>();
            known = new Set(
              inv.eventLog.map((e) => key(e.messageId, entryTag(e))).filter((k) => !open.has(k)),
            );
            seen.set(inv.serial, known);
          }
          for (const entry of inv.eventLog) {
            const tag = entryTag(entry);
            if (known.has(key(entry.messageId, tag)) || entry.rawEnd !== 0 || !isAlarm(inv, entry)) continue;
            result.push(condition(inv.serial, { messageId: entry.messageId, tag }));
          }
        }
        return result;
      },
    };
  },
};
