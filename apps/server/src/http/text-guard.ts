import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { holdsUnstorableText } from '../lib/storable-text.js';

/**
 * Refuses text the database cannot store (a NUL character, a lone surrogate) in the path parameters,
 * query and JSON body of every route, before its schema or handler runs. A hook rather than a rule
 * in each zod schema of the contract: it covers every string of every route (the unprefixed ones,
 * keys a schema would strip, routes added later) in one place, and the web app, which shares those
 * schemas, has no use for the rule. The text fields of a multipart upload reach their route as a
 * stream, after this hook: the upload service checks them with the same `holdsUnstorableText`.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsUnstorableText(request.params) || holdsUnstorableText(request.query) || holdsUnstorableText(request.body)) {
      throw new ValidationError(messages.forbiddenCharacters);
    }
  });
}
