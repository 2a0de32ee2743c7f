import { Timing } from '@dtu-console/contract/limits';
import { useEffect, useState } from 'react';
import { gatewaySocket } from '../api/client';

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
  return frame
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '')
    .map((line) => prefix + line);
}

/**
 * The gateway's log as the console page shows it: the /console socket (reconnects when closed,
 * "ping" every 5 s), every received line stamped with the time it arrived.
 */
export function useConsoleLines() {
  const [lines, setLines] = useState<string[]>([]);
  const [online, setOnline] = useState(false);
  useEffect(() => {
    const socket = gatewaySocket('/console', {
      heartbeatMs: Timing.consoleHeartbeatMs,
      onMessage: (text) => {
        const fresh = stampLines(text, new Date());
        if (fresh.length > 0) setLines((old) => [...old, ...fresh].slice(-CONSOLE_MAX_LINES));
      },
      onStatus: setOnline,
    });
    socket.start();
    socket.connect();
    return () => socket.stop();
  }, []);
  return { lines, online, clear: () => setLines([]) };
}
