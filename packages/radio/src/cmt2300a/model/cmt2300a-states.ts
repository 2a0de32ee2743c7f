/** The CMT2300A mode state machine as the model enforces it: go-commands, allowed moves, exit states. */
import { ExitState, Go, Reg, State, type StateCode } from '../driver/registers';

/** The state each go-command leads to; any other MODE_CTL value is not a go-command. */
export const GO_TARGET: Readonly<Record<number, StateCode>> = {
  [Go.stby]: State.stby,
  [Go.rfs]: State.rfs,
  [Go.rx]: State.rx,
  [Go.sleep]: State.sleep,
  [Go.tfs]: State.tfs,
  [Go.tx]: State.tx,
};

/** Go-commands each state accepts (its own state is a no-op and also fine). */
export const ALLOWED: Readonly<Record<number, readonly StateCode[]>> = {
  [State.sleep]: [State.stby],
  [State.stby]: [State.sleep, State.rfs, State.tfs, State.rx, State.tx],
  [State.rfs]: [State.rx, State.stby, State.sleep],
  [State.tfs]: [State.tx, State.stby, State.sleep],
  [State.rx]: [State.stby, State.sleep, State.rfs],
  [State.tx]: [State.stby, State.sleep, State.tfs],
};

/** States in which the synthesizer is locked to a frequency. */
export const TUNED: readonly number[] = [State.rfs, State.tfs, State.rx, State.tx];

/** Where the chip goes after sending (SYS3 bits 3..2) or receiving (bits 1..0) a packet. */
export function exitState(regs: Uint8Array, after: 'tx' | 'rx'): StateCode {
  const code = after === 'tx' ? (regs[Reg.sys3]! >> 2) & 0x03 : regs[Reg.sys3]! & 0x03;
  if (code === ExitState.sleep) return State.sleep;
  if (code === ExitState.fs) return after === 'tx' ? State.tfs : State.rfs;
  return State.stby;
}
