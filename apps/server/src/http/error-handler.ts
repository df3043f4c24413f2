import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError } from '../lib/errors.js';
import { messages, type Said } from '../lib/messages.js';
import { textIn } from '../lib/translate.js';
import { alreadyWritten, answerLanguage } from './message-language.js';
import { loggableUrl } from '../lib/loggable-url.js';

/**
 * What the multipart parser (@fastify/busboy under @fastify/multipart) throws for a body that does not
 * follow the multipart format: a missing or unusable boundary, a body that ends before its closing
 * boundary. These are plain errors without a code, so they are known by their exact text; the
 * multipart regression tests pin each one, so a parser upgrade that rewords them fails there.
 */
const MALFORMED_MULTIPART = new Set([
  'Multipart: Boundary not found',
  'Boundary required',
  'The needle cannot have a length bigger than 256.',
  'The needle cannot be an empty String/Buffer.',
  'Unexpected end of multipart data',
  'Part terminated early due to unexpected end of multipart data',
  'Preamble terminated early due to unexpected end of multipart data',
]);

function isMalformedMultipart(error: FastifyError): boolean {
  return error.code === 'FST_MP_PREMATURE_CLOSE' || (error.code === undefined && MALFORMED_MULTIPART.has(error.message));
}

/**
 * Errors Fastify's router meets before any route is chosen (a malformed percent-escape, a path
 * parameter longer than maxParamLength). Passed as the `frameworkErrors` option of the instance, it
 * hands them to the one handler below instead of letting Fastify answer them in its own shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Answered before any hook: the headers every answer carries are written here.
  request.server.writeSecurityHeaders?.(request, reply);
  // A person opening a page by an address the router cannot read (a link cut inside a percent-escape
  // by a chat app, say) gets the app's page, still a 400, and the app says what is not there; the API
  // and every other request get the JSON answer.
  if (error.code === 'FST_ERR_BAD_URL' && request.server.sendWebPage?.(request, reply.code(400))) return;
  void answerError(error, request, reply);
}

/**
 * One place turns every error into `{ success: false, message }` (docs/product-decisions.md §2), the
 * message in the request's language (http/message-language.ts).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

async function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = answerOf(error, request, reply);
  const text = textIn(await answerLanguage(request, reply), message);
  return reply.code(status).send(alreadyWritten({ success: false, message: text }));
}

function answerOf(error: FastifyError, request: FastifyRequest, reply: FastifyReply): { status: number; message: string | Said } {
  if (error instanceof AppError) {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    return { status: error.statusCode, message: error.said ?? error.message };
  }
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, message: messages.badJson };
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, url: loggableUrl(request.url) }, 'response did not match its schema');
    return { status: 500, message: messages.internal };
  }
  if (isMalformedMultipart(error)) return { status: 400, message: messages.uploadMalformed };
  if (error.code === 'FST_ERR_BAD_URL') return { status: 400, message: messages.badUrl };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return { status: 414, message: messages.urlTooLong };
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, message: messages.bodyTooLarge };
  if (status === 415) return { status, message: messages.unsupportedMediaType };
  if (status === 429) return { status, message: messages.rateLimited };
  if (status >= 400 && status < 500) return { status, message: messages.badJson };
  request.log.error({ err: error, url: loggableUrl(request.url) }, 'unhandled error');
  return { status: 500, message: messages.internal };
}
