// Logging settings.

/** The seven log modules the logging settings list, in their order. */
export const LogModules = ['CORE', 'hoymiles', 'mqtt', 'network', 'webapi', 'async_ws', 'async_tcp'] as const;
