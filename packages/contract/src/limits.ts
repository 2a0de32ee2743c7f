/**
 * Limits, defaults and enumerations shared by gateway and console, one file per domain in `limits/`.
 *
 * Where the console's input limit differs from what the API checks, both are
 * kept: `...MaxLength` is the server check and the one the schemas use, `...InputMaxLength` the form's
 * maxlength. Lengths are UTF-8 byte lengths.
 */
export * from './alerts/limits';
export * from './device/limits';
export * from './dtu/limits';
export * from './file/limits';
export * from './history/limits';
export * from './inverter/limits';
export * from './limit/limits';
export * from './logging/limits';
export * from './mqtt/limits';
export * from './network/limits';
export * from './ntp/limits';
export * from './powerlimiter/limits';
export * from './powermeter/limits';
export * from './security/limits';
export * from './shared/console-limits';
export * from './shared/socket';
export * from './test-clock/limits';
export * from './wifi/limits';
