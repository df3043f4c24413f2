import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming id kept as it is: short, and nothing a log or a header could be confused by. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Every request's id (Fastify's genReqId): the `x-request-id` a proxy in front sent when it is a
 * short safe token, so one id follows the request through nginx and here; otherwise a fresh UUID.
 * Fastify puts it on every log line of the request (`reqId`), and the server returns it in the
 * `x-request-id` header.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
