/**
 * The ports of the browser tests. The suite's gateways, one per worker, listen on E2E_PORT, E2E_PORT + 1, …
 * (playwright.config.ts); the gateways a spec starts for itself (radio-model, radio-replay) listen above
 * them, from E2E_PORT + 50, so no two ever meet whatever the number of workers (up to 50).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_480);

/** The suite gateway of the worker with this parallel index. */
export function workerGatewayPort(parallelIndex: number): number {
  return E2E_PORT + parallelIndex;
}

/** A port for a gateway a spec starts and stops itself; `slot` tells the specs' gateways apart. */
export function ownGatewayPort(slot: number): number {
  return E2E_PORT + 50 + slot;
}
