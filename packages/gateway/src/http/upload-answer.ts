import type { FastifyReply } from 'fastify';

/**
 * The final answer of the two upload endpoints: plain text, and the only
 * answers that carry `Access-Control-Allow-Origin: *` and `Connection: close`.
 */
export function uploadAnswer(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .code(status)
    .header('Connection', 'close')
    .header('Access-Control-Allow-Origin', '*')
    .type('text/plain; charset=utf-8')
    .send(text);
}
