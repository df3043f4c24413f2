import type { FastifyRequest } from 'fastify';
import type { RateLimitedAction } from '../services/rate-limit-rules.js';
import { optionalViewer } from './auth-context.js';

/**
 * A route's preHandler that counts one `action` for the signed-in account (if any) and the client's
 * address, and answers 429 with Retry-After past a limit of services/rate-limit-rules.ts. It runs
 * before the handler reads the body, so a refused upload is not received.
 */
export function rateLimit(action: RateLimitedAction) {
  return async function rateLimitPreHandler(request: FastifyRequest): Promise<void> {
    const viewer = await optionalViewer(request);
    await request.server.services.rateLimits.take(action, { userId: viewer?.userId ?? null, ip: request.ip ?? null });
  };
}
