import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { MediaGrants } from '../lib/media-grants.js';
import { messages } from '../lib/messages.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the media folder: restricted media (r/…) needs a valid grant; no media path may climb out of its folder. */
export async function registerMedia(app: FastifyInstance, options: { mediaDir: string; grants: MediaGrants }) {
  fs.mkdirSync(options.mediaDir, { recursive: true });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/media/')) return;
    const [pathname = '', query = ''] = request.url.split('?', 2);
    const notFound = () => reply.code(404).send({ success: false, message: messages.routeNotFound });
    if (pathname.includes('..') || pathname.includes('%') || pathname.includes('\\')) return notFound();
    if (pathname.startsWith('/media/r/')) {
      const params = new URLSearchParams(query);
      if (!options.grants.verify(pathname, params.get('exp') ?? undefined, params.get('sig') ?? undefined)) return notFound();
    }
  });

  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    // Media files are written once under a fresh key and never changed; restricted ones stay private.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const restricted = filePath.startsWith(path.join(options.mediaDir, 'r') + path.sep);
      res.setHeader('cache-control', restricted ? 'private, max-age=3600' : IMMUTABLE);
    },
  });
}
