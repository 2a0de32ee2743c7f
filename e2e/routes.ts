/** The console's screens as its route table lists them (packages/web/src/app/routes.ts), for specs and bench. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ConsoleRoute {
  path: string;
  /** Visitors who are not signed in are sent to the login. */
  requiresLogin: boolean;
}

/** Every screen of the route table, in its order (read from the source: the table imports the screens). */
export function consoleRoutes(): ConsoleRoute[] {
  const table = readFileSync(
    fileURLToPath(new URL('../packages/web/src/app/routes.ts', import.meta.url)),
    'utf8',
  );
  return [...table.matchAll(/\{\s*path: '([^']+)'([^{}]*)\}/g)].map((match) => ({
    path: match[1] as string,
    requiresLogin: /requiresLogin: true/.test(match[2] ?? ''),
  }));
}
