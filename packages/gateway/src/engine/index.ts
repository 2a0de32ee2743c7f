// The inverter engine and the live model: what app wiring, routes, WebSockets, MQTT and metrics import.
export * from './command-status';
export * from './engine';
export * from './live-model';
export * from './settings';
export * from './system-time';
export type * from './time';
export * from './yields';
