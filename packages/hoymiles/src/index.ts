/** Public API of the Hoymiles radio protocol library (pure TypeScript: no I/O, no timers). */
export * from './crc';
export * from './errors';
export * from './families';
export * from './fragments';
export * from './frame';
export * from './messages/channel-change';
export * from './messages/device-control';
export * from './messages/device-info';
export * from './messages/event-log';
export * from './messages/grid-profile';
export * from './messages/mi';
export * from './messages/mi-control';
export * from './messages/run-data';
export * from './messages/system-config';
export * from './types';
