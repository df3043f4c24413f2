import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';

/** One place turns every error into `{ success: false, message }` (decisions.md §2). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ success: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ success: false, message: messages.badJson });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      return reply.code(500).send({ success: false, message: messages.internal });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ success: false, message: messages.bodyTooLarge });
    if (status === 415) return reply.code(415).send({ success: false, message: messages.unsupportedMediaType });
    if (status === 429) return reply.code(429).send({ success: false, message: messages.rateLimited });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: messages.badJson });
    }
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(500).send({ success: false, message: messages.internal });
  });
}
