/** Public API of the Hoymiles radio protocol library (pure TypeScript: no I/O, no timers). */
export * from './crc';
export * from './errors';
export * from './families';
export * from './fragments';
export * from './frame';
export * from './messages/channel-change';
export * from './messages/device-control';
export * from './types';

// ---- Payload codecs (run data, device info, event log, grid profile, system config) ----
// Maintained by the payload codec engineer: add `export * from './messages/<name>';` lines here.
// ---- end of payload codecs ----
