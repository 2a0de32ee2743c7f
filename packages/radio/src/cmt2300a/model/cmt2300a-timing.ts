/**
 * The CMT2300A model's time rules: how long the chip is busy after a soft reset, and how long each mode
 * change takes before MODE_STA shows the new state. A driver that writes the next go-command, fills the
 * FIFO or tunes before the chip got there breaks a rule the model records.
 *
 * The reset time is the 20 ms the chip maker's own init waits after a soft reset. The transition times are
 * the model's own round figures, inside the 10 ms the chip maker's driver allows a mode change before it
 * gives up: the crystal start from SLEEP is the slow one, the synthesizer's calibration for a tuned state
 * the next, the rest are short. docs/radio-cmt2300a.md lists them; the real ones need a field check.
 */
import { State, type StateCode } from '../driver/registers';
import { TUNED } from './cmt2300a-states';

/** After a soft reset the chip ignores its SPI ports this long (ms). */
export const SOFT_RESET_BUSY_MS = 20;

/** SLEEP → STBY: the crystal starts (ms). */
const WAKE_MS = 1;
/** Into a tuned state (RFS, TFS, RX, TX) from an untuned one: the synthesizer calibrates and locks (ms). */
const TUNE_MS = 0.5;
/** From a tuned state to its partner (RFS → RX, TFS → TX) or back to STBY/SLEEP (ms). */
const SHORT_MS = 0.05;

/** How long the change from `from` to `to` takes on the model's clock, ms. */
export function transitionMs(from: number, to: StateCode): number {
  if (from === State.sleep) return WAKE_MS;
  if (TUNED.includes(to) && !TUNED.includes(from)) return TUNE_MS;
  return SHORT_MS;
}
