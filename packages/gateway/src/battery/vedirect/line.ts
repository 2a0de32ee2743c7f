/**
 * A VE.Direct device's serial line (19200 8N1): its bytes framed into checksummed blocks, and every block
 * dropped (a wrong checksum, too long) counted and said to the source's sink.
 */
import { BatteryLimits } from '@dtu-console/contract';
import { SerialLine } from '../../powermeter/serial-line';
import { lineProblem } from '../line-problem';
import type { BatteryProblem } from '../types';
import { type VeDirectBlock, VeDirectFramer } from './framer';

export interface VeDirectLineSink {
  problem(problem: BatteryProblem): void;
  frame(ok: boolean): void;
}

export function veDirectLine(
  device: string,
  reopenMs: number | undefined,
  onBlock: (block: VeDirectBlock) => void,
  sink: VeDirectLineSink,
): SerialLine {
  const framer = new VeDirectFramer(onBlock);
  const dropped = (count: number, why: string) => {
    if (count <= 0) return;
    for (let i = 0; i < count; i++) sink.frame(false);
    sink.problem({ code: 'bad-frames', detail: `${device}: dropped a VE.Direct block ${why}` });
  };
  return new SerialLine({
    device,
    baudRate: BatteryLimits.vedirectBaudRate,
    ...(reopenMs !== undefined ? { reopenMs } : {}),
    onProblem: (problem) => sink.problem(lineProblem(problem)),
    onData: (chunk) => {
      const { badChecksum, oversize } = framer.counters;
      framer.push(chunk);
      dropped(framer.counters.badChecksum - badChecksum, 'with a wrong checksum');
      dropped(framer.counters.oversize - oversize, 'too long to be one');
    },
  });
}
