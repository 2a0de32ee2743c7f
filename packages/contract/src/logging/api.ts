/** GET|POST /api/logging/config. */
import type { LogModules } from './limits';

/** -1 inherit, 0 none, 1 error, 2 warning, 3 info, 4 debug, 5 verbose. */
export type LogLevel = -1 | 0 | 1 | 2 | 3 | 4 | 5;

export type LogModuleName = (typeof LogModules)[number];

export interface LogModule {
  name: LogModuleName;
  level: LogLevel;
}

/** GET lists exactly the seven modules; POST takes the same structure without validation. */
export interface LoggingConfig {
  loglevel: {
    default: LogLevel;
    modules: LogModule[];
  };
}
