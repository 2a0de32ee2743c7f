/** Per-inverter radio statistics, counted by the transaction that owns a command. */
import type { RadioStats } from '@dtu-console/contract';
import type { FailureKind } from '@dtu-console/hoymiles';

/** What `rssi` reads before anything was received. */
export const RSSI_NONE = -127;

export function emptyRadioStats(): RadioStats {
  return {
    tx_request: 0,
    tx_re_request: 0,
    rx_success: 0,
    rx_fail_nothing: 0,
    rx_fail_partial: 0,
    rx_fail_corrupt: 0,
    rssi: RSSI_NONE,
  };
}

export class RadioStatistics {
  #stats = emptyRadioStats();
  #otherDtu = 0;

  get value(): RadioStats {
    return { ...this.#stats };
  }

  /** A command left the queue and went on air for the first time (resends are not counted). */
  request(): void {
    this.#stats.tx_request++;
  }

  reRequest(): void {
    this.#stats.tx_re_request++;
  }

  /**
   * A command finished. Results are counted only once a request was counted, so a command that
   * was in flight during a reset does not leave an answer without a request.
   */
  result(outcome: 'success' | FailureKind): void {
    if (this.#stats.tx_request === 0) return;
    switch (outcome) {
      case 'success':
        this.#stats.rx_success++;
        break;
      case 'nothing':
        this.#stats.rx_fail_nothing++;
        break;
      case 'partial':
        this.#stats.rx_fail_partial++;
        break;
      case 'corrupt':
        this.#stats.rx_fail_corrupt++;
        break;
    }
  }

  /** A frame of this inverter answered another DTU (bytes 5..8): counted, not used. */
  otherDtu(): void {
    this.#otherDtu++;
  }

  get otherDtuFrames(): number {
    return this.#otherDtu;
  }

  rssi(dbm: number): void {
    this.#stats.rssi = Math.round(dbm);
  }

  reset(): void {
    this.#stats = emptyRadioStats();
    this.#otherDtu = 0;
  }
}
