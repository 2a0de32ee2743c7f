/**
 * The alerts in the history database (table `alert`, created by history/store.ts's migrations): one row per
 * alert, `ended` null while open. Cleared alerts are pruned with the history's 15-minute retention.
 */
import type { AlertRuleId } from '@dtu-console/contract';
import type { HistoryService } from '../history/service';
import type { AlertCondition } from './rules/rule';

type Database = ReturnType<HistoryService['database']>;

export interface AlertRow extends AlertCondition {
  id: number;
  rule: AlertRuleId;
  name: string;
  /** Unix s. */
  started: number;
  ended: number | null;
  acknowledged: boolean;
}

interface RawRow {
  id: number;
  rule: AlertRuleId;
  serial: string;
  name: string;
  ch: number | null;
  msg_id: number | null;
  figure: number | null;
  tag: string;
  detail: string;
  started: number;
  ended: number | null;
  acked: number;
}

const toRow = (r: RawRow): AlertRow => ({
  id: r.id,
  rule: r.rule,
  serial: r.serial,
  name: r.name,
  channel: r.ch,
  messageId: r.msg_id,
  figure: r.figure,
  tag: r.tag,
  detail: r.detail,
  started: r.started,
  ended: r.ended,
  acknowledged: r.acked !== 0,
});

export class AlertStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  open(): AlertRow[] {
    return (
      this.#db
        .prepare('SELECT * FROM alert WHERE ended IS NULL ORDER BY started DESC, id DESC')
        .all() as RawRow[]
    ).map(toRow);
  }

  recent(limit: number): AlertRow[] {
    return (
      this.#db
        .prepare('SELECT * FROM alert WHERE ended IS NOT NULL ORDER BY ended DESC, id DESC LIMIT ?')
        .all(limit) as RawRow[]
    ).map(toRow);
  }

  get(id: number): AlertRow | undefined {
    const row = this.#db.prepare('SELECT * FROM alert WHERE id = ?').get(id) as RawRow | undefined;
    return row && toRow(row);
  }

  insert(rule: AlertRuleId, name: string, c: AlertCondition, started: number): AlertRow {
    const id = Number(
      this.#db
        .prepare(
          'INSERT INTO alert (rule, serial, name, ch, msg_id, figure, tag, detail, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(rule, c.serial, name, c.channel, c.messageId, c.figure, c.tag, c.detail, started)
        .lastInsertRowid,
    );
    return { ...c, id, rule, name, started, ended: null, acknowledged: false };
  }

  close(id: number, ended: number): void {
    this.#db.prepare('UPDATE alert SET ended = ? WHERE id = ? AND ended IS NULL').run(ended, id);
  }

  /** Acknowledges one alert (true when it exists) or, with `undefined`, every open one. */
  acknowledge(id: number | undefined): boolean {
    if (id === undefined) {
      this.#db.prepare('UPDATE alert SET acked = 1 WHERE ended IS NULL').run();
      return true;
    }
    return this.#db.prepare('UPDATE alert SET acked = 1 WHERE id = ?').run(id).changes > 0;
  }

  /** Deletes cleared alerts that ended before `cutoff` (Unix s). */
  prune(cutoff: number): void {
    this.#db.prepare('DELETE FROM alert WHERE ended IS NOT NULL AND ended < ?').run(cutoff);
  }
}
