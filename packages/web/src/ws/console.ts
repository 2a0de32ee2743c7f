import { Timing } from '@dtu-console/contract/common/console-limits';
import { useEffect, useState } from 'react';
import { gatewaySocket } from './gateway';

/** The text area keeps at most this many lines; older ones scroll away for good. */
export const CONSOLE_MAX_LINES = 2000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "HH:MM:SS.mmm " in the browser's local time: when the console received the line. */
export function timestamp(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)} `;
}

/** A frame may carry several lines (the gateway batches them); each gets the time prefix. */
export function stampLines(frame: string, date: Date): string[] {
  const prefix = timestamp(date);
  return splitLines(frame).map((line) => prefix + line);
}

function splitLines(frame: string): string[] {
  return frame
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '');
}

/**
 * How many leading lines of `incoming` the console already shows: the longest start of `incoming` that
 * equals the end of `shown`. After a reconnect the gateway first replays its recent lines; those the page
 * already has must not appear twice.
 */
export function replayOverlap(shown: readonly string[], incoming: readonly string[]): number {
  for (let length = Math.min(shown.length, incoming.length); length > 0; length--) {
    const offset = shown.length - length;
    let same = true;
    for (let i = 0; i < length && same; i++) same = shown[offset + i] === incoming[i];
    if (same) return length;
  }
  return 0;
}

interface ConsoleState {
  /** Lines as received, for matching a replay. */
  raw: string[];
  /** The same lines with their time prefix, as shown. */
  lines: string[];
}

/** Adds a frame; `afterReconnect` drops the part of the gateway's replay that is already shown. */
export function appendFrame(
  state: ConsoleState,
  frame: string,
  date: Date,
  afterReconnect: boolean,
): ConsoleState {
  let raw = splitLines(frame);
  if (afterReconnect) raw = raw.slice(replayOverlap(state.raw, raw));
  if (raw.length === 0) return state;
  const prefix = timestamp(date);
  return {
    raw: [...state.raw, ...raw].slice(-CONSOLE_MAX_LINES),
    lines: [...state.lines, ...raw.map((line) => prefix + line)].slice(-CONSOLE_MAX_LINES),
  };
}

const EMPTY: ConsoleState = { raw: [], lines: [] };

/**
 * The gateway's log as the console page shows it: the /console socket (reconnects when closed,
 * "ping" every 5 s), every received line stamped with the time it arrived.
 */
export function useConsoleLines() {
  const [state, setState] = useState<ConsoleState>(EMPTY);
  const [online, setOnline] = useState(false);
  useEffect(() => {
    // The first frame of every connection starts with the gateway's replay of recent lines.
    let firstFrame = true;
    const socket = gatewaySocket('/console', {
      heartbeatMs: Timing.consoleHeartbeatMs,
      onMessage: (text) => {
        const afterReconnect = firstFrame;
        firstFrame = false;
        setState((old) => appendFrame(old, text, new Date(), afterReconnect));
      },
      onStatus: (isOnline) => {
        if (isOnline) firstFrame = true;
        setOnline(isOnline);
      },
    });
    socket.start();
    socket.connect();
    return () => socket.stop();
  }, []);
  // Cleared lines stay known, so that a later replay does not bring them back.
  return { lines: state.lines, online, clear: () => setState((old) => ({ raw: old.raw, lines: [] })) };
}
