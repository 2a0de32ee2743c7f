// Only for mqtt/service.ts until it stops logging skipped commands itself (the engine does now); then delete.
export { DISABLED_LOG_INTERVAL_MS } from './engine';
