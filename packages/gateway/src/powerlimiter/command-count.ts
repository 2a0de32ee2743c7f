/**
 * Counts the limit commands the limiter hands to the engine, per inverter, since the gateway started
 * (Prometheus' `dtu_limiter_commands_total`). It wraps the port and changes nothing of what passes through;
 * the port can send only non-persistent limits, so every counted command is one.
 */
import type { InverterPort } from './port';

export class CommandCount {
  readonly #sent = new Map<string, number>();

  /** The same port, counting each command the engine accepted into its queue. */
  wrap(port: InverterPort): InverterPort {
    return {
      inverter: (serial) => port.inverter(serial),
      sendLimit: (serial, limit) => {
        const result = port.sendLimit(serial, limit);
        if (result === 'queued') this.#sent.set(serial, (this.#sent.get(serial) ?? 0) + 1);
        return result;
      },
      ...(port.sendPower ? { sendPower: port.sendPower.bind(port) } : {}),
    };
  }

  /** Commands sent per serial (the live model's form); inverters never commanded are absent. */
  totals(): ReadonlyMap<string, number> {
    return this.#sent;
  }
}
