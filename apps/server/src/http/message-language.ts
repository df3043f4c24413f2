import type { Language } from '@wag/contract/preferences-rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguage } from '../lib/language.js';
import { keyOfSpanishText, textIn } from '../lib/translate.js';
import { optionalViewer } from './auth-context.js';

/**
 * The language an answer is written in (issue 14): the signed-in person's choice in their
 * preferences, else the best match of Accept-Language, else Spanish. The choice comes with the
 * session lookup (sessions.repository.ts), so it costs no query of its own; a request whose route
 * never looked at its token has it looked up here, and only when there is a token to look up.
 */
export async function languageOf(request: FastifyRequest): Promise<Language> {
  if (!request.viewerResolved && request.headers.authorization) {
    try {
      await optionalViewer(request);
    } catch (error) {
      // The answer still goes out (in the header's language) when the lookup itself fails.
      request.log.warn({ err: error }, 'viewer not resolved for the answer language');
    }
  }
  return request.viewer?.language ?? acceptedLanguage(request.headers['accept-language']);
}

/**
 * The language of an answer that carries a server text; when Accept-Language chose it, the answer
 * says it varies with that header, so no shared cache hands one person's language to another.
 */
export async function answerLanguage(request: FastifyRequest, reply: FastifyReply): Promise<Language> {
  const language = await languageOf(request);
  if (!request.viewer?.language) {
    const vary = reply.getHeader('vary');
    const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
    if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept-Language` : 'Accept-Language');
  }
  return language;
}

/** Answers already written in the request's language (the error handler's), left alone by the hook. */
const written = new WeakSet<object>();

/** Marks an answer whose message is already in the request's language. */
export function alreadyWritten<T extends object>(payload: T): T {
  written.add(payload);
  return payload;
}

/**
 * Every answer's top-level `message` in the request's language: the routes and services keep saying
 * `messages.x` (Spanish), and here a text that is exactly one of those is replaced by its translation.
 * Anything else (a text that is not the server's) goes out as it is.
 */
export function registerMessageLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || written.has(payload)) return payload;
    const message = (payload as { message?: unknown }).message;
    if (typeof message !== 'string' || keyOfSpanishText(message) === undefined) return payload;
    const language = await answerLanguage(request, reply);
    const translated = textIn(language, message);
    return translated === message ? payload : { ...payload, message: translated };
  });
}
