import type { LiveEvent } from '@wag/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { route } from './route.js';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * The live channel: one server-sent-event stream per logged-in client (bearer token in the
 * Authorization header, as every call; the web app reads it with fetch). It opens with the current
 * unread counts, then carries new messages, notifications and counts as they happen.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  let closing = false;
  // Streams never end on their own: closing the server ends them, or it would wait forever. Ended
  // cleanly, their clients reconnect after a second (apps/web live-channel.ts), through the load
  // balancer to a process that is not stopping, and fetch again what they show.
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of [...open]) end();
  });

  route(
    app,
    'liveCounts',
    {
      tags: ['directo'],
      summary: 'Contadores sin leer: notificaciones, conversaciones con mensajes nuevos y solicitudes de mensajes',
      bearer: true,
      errors: [401],
    },
    async (request) => app.services.live.counts((await requireViewer(request)).userId),
  );

  route(
    app,
    'live',
    {
      tags: ['directo'],
      summary: 'Canal en directo (text/event-stream): mensajes nuevos, notificaciones y contadores sin leer',
      bearer: true,
      errors: [401],
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const counts = await app.services.live.counts(viewer.userId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // A client that has just gone away may still be sent an event before its 'close' arrives.
      const write = (chunk: string) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
      };
      const send = (event: LiveEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      write('retry: 3000\n\n');
      send({ type: 'counts', counts });
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const end = (): void => {
        open.delete(end);
        clearInterval(keepAlive);
        disconnect();
        if (!raw.writableEnded) raw.end();
      };
      const disconnect = app.services.live.connect(viewer.userId, send, end);
      open.add(end);
      request.raw.on('close', end);
      // Opened while the server was already stopping (it was reading the counts), or its client left
      // meanwhile (its 'close' has passed): ends at once too.
      if (closing || raw.destroyed) end();
    },
  );
};
