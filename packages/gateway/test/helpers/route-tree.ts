import type { FastifyInstance } from 'fastify';

/**
 * Every [path, method] fastify has, read from its own route tree (printRoutes(): each line adds its
 * segment to its parent's), so a test can walk the routes without the gateway keeping a list of them.
 */
export function registeredRoutes(app: FastifyInstance): [string, string][] {
  const out: [string, string][] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.round((match[1] ?? '').length / 4);
    stack.length = depth;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) out.push([path, method]);
  }
  return out;
}
