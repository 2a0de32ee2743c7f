/**
 * Limits, defaults and enumerations shared by gateway and console, one file per domain in `limits/`.
 *
 * Where the console's input limit differs from what the API checks, both are
 * kept: `...MaxLength` is the server check and the one the schemas use, `...InputMaxLength` the form's
 * maxlength. Lengths are UTF-8 byte lengths.
 */
export * from './limits/alerts';
export * from './limits/console';
export * from './limits/device';
export * from './limits/dtu';
export * from './limits/history';
export * from './limits/inverter';
export * from './limits/limit';
export * from './limits/logging';
export * from './limits/mqtt';
export * from './limits/network';
export * from './limits/ntp';
export * from './limits/powerlimiter';
export * from './limits/powermeter';
export * from './limits/security';
export * from './limits/socket';
export * from './limits/test-clock';
export * from './limits/upload';
export * from './limits/wifi';
