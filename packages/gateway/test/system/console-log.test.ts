import { describe, expect, it } from 'vitest';
import { BoundedLineQueue, ConsoleLog, formatConsoleLine } from '../../src/system/console-log';
import { createLogger } from '../../src/system/logger';

describe('ConsoleLog', () => {
  it('receives the logger records as lines, redacted', async () => {
    const consoleLog = new ConsoleLog();
    const lines: string[] = [];
    consoleLog.subscribe((line) => lines.push(line));
    const log = createLogger({ level: 'info', pretty: false, consoleLog });
    log.child({ component: 'engine' }).info('Polled 114172220003');
    log.warn({ headers: { authorization: 'Basic YWRtaW46c2VjcmV0' } }, 'Login failed');
    log.debug('not shown at info');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['I [engine] Polled 114172220003', 'W Login failed']);
    expect(consoleLog.recent()).toEqual(lines);
  });

  it('keeps only the most recent lines', () => {
    const consoleLog = new ConsoleLog(3);
    for (let i = 1; i <= 5; i++) consoleLog.push(`line ${i}`);
    expect(consoleLog.recent()).toEqual(['line 3', 'line 4', 'line 5']);
  });

  it('formats errors with their message', () => {
    expect(formatConsoleLine({ level: 50, msg: 'Save failed', err: { message: 'EACCES' } })).toBe(
      'E Save failed: EACCES',
    );
  });
});

describe('BoundedLineQueue', () => {
  it('drops the oldest lines for a slow client and says how many', () => {
    const queue = new BoundedLineQueue(2);
    for (const line of ['a', 'b', 'c', 'd']) queue.push(line);
    expect(queue.size).toBe(2);
    expect(queue.drain()).toEqual(['… 2 lines skipped (slow connection)', 'c', 'd']);
    expect(queue.drain()).toEqual([]);
  });
});
