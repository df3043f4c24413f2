import { Readable } from 'node:stream';
import fs from 'node:fs';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaAccess } from '../access/media-access.js';
import { messages } from '../lib/messages.js';
import type { AnyMediaStore } from '../media/storage-setup.js';

/**
 * A media file's address, taken from the raw request path before any normalisation: exactly
 * /media/<u|r>/<folder of 20>/<file>, nothing else (no `//`, `./`, `..`, encoded or dot-named parts).
 * The folder is what the access rules judge, and the file served is that folder's, so no other
 * spelling of a path can reach a file without its judgement.
 */
const MEDIA_PATH = /^\/media\/([ur]\/[a-z0-9]{20})\/([a-z0-9][a-z0-9.-]{0,63})(?:\?.*)?$/;
/** How long a presigned address works (S3_PRESIGNED_REDIRECT=1): long enough to follow the redirect, no longer. */
export const PRESIGNED_SECONDS = 60;
/** Parts of an HLS stream: always streamed by the server (see below). */
const HLS_FILE = /\.(m3u8|ts)$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export async function registerMedia(
  app: FastifyInstance,
  options: {
    store: AnyMediaStore;
    access: MediaAccess;
    viewerOf: (request: FastifyRequest) => Promise<string | null>;
    /** Answer an allowed request for a file in a bucket with a short-lived signed address instead of its bytes. */
    presignedRedirect?: boolean;
  },
) {
  const { store } = options;
  if (store.kind === 'local') fs.mkdirSync(store.root, { recursive: true });

  const badRange = (reply: FastifyReply, status: number, range: string | undefined) => {
    if (range) reply.header('content-range', range);
    return reply.code(status).send({ success: false, message: messages.badRange });
  };

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ success: false, message: messages.routeNotFound });
    const match = MEDIA_PATH.exec(request.url);
    if (!match) return notFound();
    const [, folder = '', file = ''] = match;
    const decision = await options.access.decide(folder, await options.viewerOf(request));
    if (!decision.allowed) return notFound();

    if (store.kind === 'local') {
      // Ranges (video seeking, resumed downloads), ETag and Last-Modified revalidation come from send.
      const sent = await send(request.raw, `/${folder}/${file}`, { root: store.root, cacheControl: false, dotfiles: 'deny', index: false });
      if (sent.type === 'error') {
        if (sent.statusCode !== 412 && sent.statusCode !== 416) return notFound();
        return badRange(reply, sent.statusCode, sent.headers['Content-Range']);
      }
      return reply.code(sent.statusCode).headers(sent.headers).header('cache-control', decision.cacheControl).send(sent.stream);
    }

    const key = `${folder}/${file}`;
    // A playlist's segment addresses are relative and hls.js fetches them by XHR: behind a redirect they
    // would resolve against the bucket (another origin, CORS). HLS files are therefore always streamed.
    if (options.presignedRedirect && !HLS_FILE.test(file)) {
      if (!(await store.stat(key))) return notFound();
      // The signed address is the credential: never cached, never logged (only this route's path is).
      return reply.code(302).header('cache-control', 'no-store').header('location', await store.presignedUrl(key, PRESIGNED_SECONDS)).send();
    }
    // Streamed from the bucket with the same answers as from the disk: Range → 206, ETag/Last-Modified → 304.
    const read = await store.read(key, {
      range: header(request, 'range'),
      ifRange: header(request, 'if-range'),
      ifNoneMatch: header(request, 'if-none-match'),
      ifModifiedSince: header(request, 'if-modified-since'),
    });
    if (read.status === 404) return notFound();
    if (read.status === 412 || read.status === 416) return badRange(reply, read.status, read.headers['content-range']);
    reply.code(read.status).headers(read.headers).header('cache-control', decision.cacheControl);
    // HEAD answers the headers only: the object's body (up to a whole video) is not read from the bucket.
    if (request.method === 'HEAD') {
      read.body?.destroy();
      // An empty stream keeps the object's content-length (an empty payload would answer 0).
      return reply.send(Readable.from([]));
    }
    return read.body ? reply.send(read.body) : reply.send();
  });
}
