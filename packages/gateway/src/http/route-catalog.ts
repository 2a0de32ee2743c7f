import type { FastifyContextConfig } from 'fastify';
import fp from 'fastify-plugin';

export interface CatalogEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  websocket: boolean;
}

/** Every route as it was registered, with its declared meta (route-meta.ts), for /api/openapi.json. */
export class RouteCatalog {
  readonly entries: CatalogEntry[] = [];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteCatalog;
  }
}

/** Registered before any route module, so each later registration is recorded, whoever makes it. */
export const routeCatalog = fp<{ catalog: RouteCatalog }>(async (app, { catalog }) => {
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const websocket = Boolean((route as { websocket?: boolean }).websocket);
    for (const method of methods) {
      catalog.entries.push({ method: String(method), url: route.url, config: route.config ?? {}, websocket });
    }
  });
});
