/** The simulated radio and what wiring and tests need: the radio, the seeded random source, the virtual inverters. */

export type { DcFeed } from './energy';
export { SimulatedEvent, type SimulatedEventEntry } from './events';
export { DEFAULT_MODEL } from './firmware';
export * from './physics';
export type { LimitSetting } from './power-limit';
export * from './random';
export * from './simulated-radio';
export { DEFAULT_CHANNEL_CHANGE_DELAY_MS, FREQUENCY_FALLBACK_MS } from './tuning';
export * from './virtual-inverter';
export * from './virtual-plant';
