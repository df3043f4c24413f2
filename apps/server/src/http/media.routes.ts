import fs from 'node:fs';
import send from '@fastify/send';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MediaAccess } from '../access/media-access.js';
import { messages } from '../lib/messages.js';

/**
 * A media file's address, taken from the raw request path before any normalisation: exactly
 * /media/<u|r>/<folder of 20>/<file>, nothing else (no `//`, `./`, `..`, encoded or dot-named parts).
 * The folder is what the access rules judge, and the file served is that folder's, so no other
 * spelling of a path can reach a file without its judgement.
 */
const MEDIA_PATH = /^\/media\/([ur]\/[a-z0-9]{20})\/([a-z0-9][a-z0-9.-]{0,63})(?:\?.*)?$/;

export async function registerMedia(
  app: FastifyInstance,
  options: { mediaDir: string; access: MediaAccess; viewerOf: (request: FastifyRequest) => Promise<string | null> },
) {
  fs.mkdirSync(options.mediaDir, { recursive: true });

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ success: false, message: messages.routeNotFound });
    const match = MEDIA_PATH.exec(request.url);
    if (!match) return notFound();
    const [, folder = '', file = ''] = match;
    const decision = await options.access.decide(folder, await options.viewerOf(request));
    if (!decision.allowed) return notFound();
    // Ranges (video seeking, resumed downloads), ETag and Last-Modified revalidation come from send.
    const sent = await send(request.raw, `/${folder}/${file}`, {
      root: options.mediaDir,
      cacheControl: false,
      dotfiles: 'deny',
      index: false,
    });
    if (sent.type === 'error') {
      if (sent.statusCode !== 412 && sent.statusCode !== 416) return notFound();
      const range = sent.headers['Content-Range'];
      if (range) reply.header('content-range', range);
      return reply.code(sent.statusCode).send({ success: false, message: messages.badRange });
    }
    return reply.code(sent.statusCode).headers(sent.headers).header('cache-control', decision.cacheControl).send(sent.stream);
  });
}
