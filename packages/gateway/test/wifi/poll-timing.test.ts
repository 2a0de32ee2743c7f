import { describe, expect, it } from 'vitest';
import { pollDelayMs } from '../../src/wifi/device-poller';
import { eventOfAlarm } from '../../src/wifi/device-reads';

describe('Wi-Fi poll timing', () => {
  it('polls at the interval and backs off while the device is silent, up to 10 minutes', () => {
    expect(pollDelayMs(35, 0)).toBe(35_000);
    expect(pollDelayMs(35, 1)).toBe(35_000);
    expect(pollDelayMs(35, 2)).toBe(70_000);
    expect(pollDelayMs(35, 3)).toBe(140_000);
    expect(pollDelayMs(35, 5)).toBe(560_000);
    expect(pollDelayMs(35, 6)).toBe(600_000);
    expect(pollDelayMs(35, 60)).toBe(600_000);
    expect(pollDelayMs(5, 1)).toBe(5_000);
    // An interval above the cap is kept: back-off never polls faster than asked.
    expect(pollDelayMs(3600, 4)).toBe(3_600_000);
  });
});

describe('Wi-Fi alarms as event-log entries', () => {
  it('puts Unix times into the halves of the UTC day, as the radio event log holds them', () => {
    const day = Date.UTC(2026, 5, 21) / 1000;
    expect(eventOfAlarm(121, day + 3_600, day + 50_000)).toEqual({
      eventWord: 121,
      messageId: 121,
      rawStart: 3_600,
      rawEnd: 50_000 - 43_200,
      startPm: false,
      endPm: true,
    });
    expect(eventOfAlarm(0x8102, day + 43_201, 0)).toMatchObject({
      messageId: 2,
      rawEnd: 0,
      endPm: false,
      startPm: true,
    });
  });
});
