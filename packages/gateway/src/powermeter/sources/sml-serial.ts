/**
 * SML from an optical read head on a serial line (8N1, usually 9600 baud). The meter pushes a telegram
 * every one to four seconds; each is framed, checked and read (sml/). Garbage, broken telegrams and CRC
 * mismatches are counted and reported; a device that vanishes is opened again when it is back.
 */
import type { Clock } from '@dtu-console/clock';
import { FailureCount } from '../failure-count';
import { SerialLine } from '../serial-line';
import { SmlFramer } from '../sml/frame';
import { telegramOutcome } from '../sml/telegram';
import type { MeterSource, PowerMeterSection, SourceSink } from './source';

type SmlSerialSection = PowerMeterSection['sml_serial'];

export class SmlSerialSource implements MeterSource {
  readonly #section: SmlSerialSection;
  readonly #clock: Clock;
  readonly #reopenMs: number | undefined;
  readonly failures = new FailureCount();
  #line: SerialLine | undefined;

  constructor(section: SmlSerialSection, clock: Clock, reopenMs?: number) {
    this.#section = section;
    this.#clock = clock;
    this.#reopenMs = reopenMs;
  }

  start(sink: SourceSink): void {
    const framer = new SmlFramer();
    this.#line = new SerialLine({
      device: this.#section.device,
      baudRate: this.#section.baud_rate,
      ...(this.#reopenMs !== undefined ? { reopenMs: this.#reopenMs } : {}),
      onProblem: (problem) => sink.problem(problem),
      onData: (chunk) => {
        for (const event of framer.push(chunk)) {
          const outcome = telegramOutcome(event, this.#clock, this.failures);
          if ('reading' in outcome) sink.reading(outcome.reading);
          else sink.problem(outcome.problem);
        }
      },
    });
    this.#line.start();
  }

  /** The serial line (for tests: how often it was opened). */
  get line(): SerialLine | undefined {
    return this.#line;
  }

  async stop(): Promise<void> {
    await this.#line?.stop();
  }
}
