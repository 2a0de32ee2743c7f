/**
 * What goes on air for an MI (first-generation MI-300 … MI-1500; docs/protocol.md, The MI series): one
 * live-data request per input, the info and grid-profile requests, and control 0x51. Each exchange is one
 * request and one answer frame (no fragments, no re-requests), resent when nothing valid came back. Status
 * frames the MI sends on its own are read from every window. Shares the queues, the statistics and the
 * command states with the other families.
 */
import {
  buildMiLimitRequest,
  buildMiPowerRequest,
  buildMiRequest,
  decodeMiGridProfile,
  decodeMiInfo,
  decodeMiLiveAnswer,
  decodeMiStatusFrame,
  decodeRunData,
  isMiControlAnswer,
  isRelativeLimit,
  joinMiRecord,
  MiCommand,
  type MiLiveAnswer,
  miInputOfCommand,
  miLiveCommands,
  parseFrame,
} from '@dtu-console/hoymiles';
import type { CommandStatus } from './command-status';
import type { InverterState, LimitRequest } from './inverter';
import type { InverterRequestsOptions } from './requests';
import { transmitBounded } from './transaction';

/** How long to listen after an MI request: answers come after about 35 ms. */
export const MI_ANSWER_WINDOW_MS = 100;
/** Control answers may take longer, as with the other families. */
export const MI_CONTROL_WINDOW_MS = 500;
/** One send and two resends when nothing valid came back. */
export const MI_SENDS = 3;

type Exchange<T> = { ok: true; value: T } | { ok: false; cancelled: boolean };

export class MiRequests {
  readonly #o: InverterRequestsOptions;
  #seq = 0;

  constructor(options: InverterRequestsOptions) {
    this.#o = options;
  }

  /** The live chain: one request per input; the round counts only when every input answered. */
  runData(inv: InverterState): void {
    this.#poll(inv, 'mi-live', async (signal) => {
      const answers: MiLiveAnswer[] = [];
      for (const command of miLiveCommands(inv.family)) {
        const result = await this.#exchange(inv, command, MI_ANSWER_WINDOW_MS, signal, (frames) =>
          pick(
            frames,
            (f) => decodeMiLiveAnswer(f, { inverter: inv.serial }),
            (a) => a.input === miInputOfCommand(command),
          ),
        );
        if (!result.ok) {
          if (result.cancelled) return;
          inv.runDataFailed();
          this.#o.publish(inv, 'status');
          return;
        }
        answers.push(result.value);
        const { status } = result.value;
        if (status) this.#status(inv, result.value.input, status.state, status.code);
      }
      const record = joinMiRecord(inv.family, answers);
      const decoded = record.ok ? decodeRunData(inv.family, record.value) : record;
      if (!decoded.ok) {
        inv.runDataFailed();
        this.#o.publish(inv, 'status');
        return;
      }
      inv.miRunDataReceived(
        decoded.value,
        this.#o.live.keptYieldWh(inv.serial),
        this.#o.clock.now(),
        this.#o.live.now(),
      );
      this.#o.publish(inv, 'data');
    });
  }

  /** Firmware, hardware part number (model and rated power). */
  deviceInfo(inv: InverterState): void {
    this.#poll(inv, 'mi-info', async (signal) => {
      const result = await this.#exchange(inv, MiCommand.Info, MI_ANSWER_WINDOW_MS, signal, (frames) => {
        const info = decodeMiInfo(frames, { inverter: inv.serial });
        return info.ok && info.value.hwPartNumber !== undefined ? info.value : undefined;
      });
      if (!result.ok) return;
      inv.miInfoReceived(result.value);
      this.#o.publish(inv, 'info');
    });
  }

  gridProfile(inv: InverterState): void {
    this.#poll(inv, 'mi-grid-profile', async (signal) => {
      const result = await this.#exchange(inv, MiCommand.GridProfile, MI_ANSWER_WINDOW_MS, signal, (frames) =>
        pick(frames, (f) => decodeMiGridProfile(f, { inverter: inv.serial })),
      );
      if (!result.ok) return;
      inv.miGridProfileReceived(result.value);
      this.#o.publish(inv, 'info');
    });
  }

  /**
   * A temporary limit, best effort: an MI has no read-back and its documentation doubts the command. Needs
   * the rated power (from the info answer): without it the command fails at once.
   */
  limit(inv: InverterState, limit: LimitRequest): void {
    this.#control(
      inv,
      'limit',
      inv.limitStatus,
      (dtu) => {
        const rated = inv.maxPowerW;
        if (rated <= 0) return undefined;
        const watts = isRelativeLimit(limit.type) ? (limit.value * rated) / 100 : limit.value;
        return buildMiLimitRequest({
          inverter: inv.serial,
          dtu,
          watts: Math.min(rated, Math.max(0, watts)),
          ratedPowerW: rated,
        });
      },
      (now) => inv.limitAcknowledged(limit, now),
    );
  }

  /** On or off (an MI has no restart command: the engine refuses it before). */
  power(inv: InverterState, on: boolean): void {
    this.#control(inv, 'power', inv.powerStatus, (dtu) =>
      buildMiPowerRequest({ inverter: inv.serial, dtu, on }),
    );
  }

  #poll(inv: InverterState, kind: string, run: (signal: AbortSignal) => Promise<void>): void {
    this.#o.queues.NRF24.enqueue({
      key: `${inv.serialNumber}:${kind}`,
      serial: inv.serialNumber,
      kind,
      priority: 'poll',
      run: async (signal) => {
        if (!this.#o.isCurrent(inv)) return;
        await run(signal);
      },
    });
  }

  #control(
    inv: InverterState,
    name: 'limit' | 'power',
    status: CommandStatus,
    frame: (dtu: string) => Uint8Array | undefined,
    acknowledged?: (now: number) => void,
  ): void {
    const queue = this.#o.queues.NRF24;
    const kind = `mi-${name}`;
    status.queued();
    queue.remove((c) => c.serial === inv.serialNumber && c.kind === kind);
    queue.enqueue({
      key: `${inv.serialNumber}:${kind}:${this.#seq++}`,
      serial: inv.serialNumber,
      kind,
      priority: 'command',
      run: async (signal) => {
        let ok = false;
        try {
          if (!this.#o.isCurrent(inv)) return;
          const bytes = frame(this.#o.dtuSerial());
          if (bytes === undefined) {
            this.#o.log.warn({ serial: inv.serial }, `MI ${name} not sent: the rated power is not known yet`);
            return;
          }
          const result = await this.#send(inv, bytes, MI_CONTROL_WINDOW_MS, signal, (frames) =>
            frames.some((f) => isMiControlAnswer(f, { inverter: inv.serial })) ? true : undefined,
          );
          ok = result.ok;
          if (ok) acknowledged?.(this.#o.clock.now());
          this.#o.log.debug({ serial: inv.serial, acknowledged: ok }, `MI ${name} command`);
        } finally {
          status.finished(ok);
          this.#o.publish(inv, 'status');
        }
      },
      dropped: () => {
        status.dropped();
        this.#o.publish(inv, 'status');
      },
    });
  }

  #exchange<T>(
    inv: InverterState,
    command: number,
    windowMs: number,
    signal: AbortSignal,
    accept: (frames: Uint8Array[]) => T | undefined,
  ): Promise<Exchange<T>> {
    return this.#send(
      inv,
      buildMiRequest({ inverter: inv.serial, dtu: this.#o.dtuSerial(), command }),
      windowMs,
      signal,
      accept,
    );
  }

  /** Sends and resends until `accept` finds its answer; counts the statistics as the other families do. */
  async #send<T>(
    inv: InverterState,
    frame: Uint8Array,
    windowMs: number,
    signal: AbortSignal,
    accept: (frames: Uint8Array[]) => T | undefined,
  ): Promise<Exchange<T>> {
    const { radio, clock } = this.#o;
    inv.stats.request();
    let heardSomething = false;
    for (let send = 0; send < MI_SENDS; send++) {
      if (signal.aborted) return { ok: false, cancelled: true };
      const frames = await transmitBounded({ radio, clock }, { radio: 'NRF24', frame, windowMs });
      if (signal.aborted) return { ok: false, cancelled: true };
      // Only frames for this DTU count: an MI names itself in bytes 5..8, a third address there answers
      // another DTU nearby (counted, never used), as for the other families.
      const ours: Uint8Array[] = [];
      for (const f of frames) {
        const addressed = parseFrame(f, { inverter: inv.serial, dtu: this.#o.dtuSerial() });
        if (!addressed.ok && addressed.error.code === 'other-dtu') {
          inv.stats.otherDtu();
          continue;
        }
        ours.push(f);
        const status = decodeMiStatusFrame(f, { inverter: inv.serial });
        if (status.ok) this.#status(inv, status.value.input, status.value.state, status.value.code);
        if (parseFrame(f, { inverter: inv.serial }).ok) {
          heardSomething = true;
          const rssi = (f as Uint8Array & { rssi?: unknown }).rssi;
          if (typeof rssi === 'number' && Number.isFinite(rssi)) inv.stats.rssi(rssi);
        } else if (f.length > 0 && !parseFrame(f).ok) {
          // A garbled frame (it may have been the answer); another inverter's frame says nothing.
          heardSomething = true;
        }
      }
      const value = accept(ours);
      if (value !== undefined) {
        inv.stats.result('success');
        return { ok: true, value };
      }
    }
    inv.stats.result(heardSomething ? 'corrupt' : 'nothing');
    return { ok: false, cancelled: false };
  }

  #status(inv: InverterState, input: number, state: number, code: number): void {
    if (inv.miStatusReceived(input, state, code, this.#o.clock.now())) this.#o.publish(inv, 'info');
  }
}

/** The first frame that decodes (and passes `wanted`), or undefined. */
function pick<T>(
  frames: readonly Uint8Array[],
  decode: (frame: Uint8Array) => { ok: true; value: T } | { ok: false },
  wanted: (value: T) => boolean = () => true,
): T | undefined {
  for (const frame of frames) {
    const decoded = decode(frame);
    if (decoded.ok && wanted(decoded.value)) return decoded.value;
  }
  return undefined;
}
