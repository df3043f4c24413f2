import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';

/** The header clients send so that a retried write is made once (the IETF draft's name). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The same shape as a message upload's clientKey: 8 to 64 URL-safe characters (a UUID fits). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The request's Idempotency-Key, if it sent one (docs/decisions/0032-idempotency-keys.md): a client
 * that lost the answer to a write (a server gone mid-request, a dropped connection) sends it again
 * with the same key and gets the first attempt's answer, never a second post or message.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new ValidationError(messages.messageMediaKeyInvalid);
  return value;
}
