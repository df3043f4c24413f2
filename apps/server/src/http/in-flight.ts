import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface InFlight {
  /** Resolves once every request seen so far has been answered (at once when none is open). */
  answered(): Promise<void>;
  /** Requests whose handlers have not answered yet. */
  readonly open: number;
  /**
   * Closes the connections that have sent nothing for a second (a browser's or a proxy's connection
   * opened ahead of use). Node's closeIdleConnections leaves them, as it waits for their first
   * request (headersTimeout), so they held a closing server until its deadline. A client retries a
   * request it never sent on a new connection; the second keeps one whose request is arriving.
   */
  closeUnused(): void;
}

/** How long a connection may have sent nothing before a closing server closes it. */
const UNUSED_MS = 1000;

/**
 * What closing waits for beyond the connections: the HTTP server's close ends when the last
 * connection has, and a client that gave up (a phone that lost its signal mid-upload) closes its
 * own while the handler goes on. Without this the database was closed under that handler ("driver
 * has already been destroyed") and its work cut half-way. A request is open until it is answered
 * (its reply sent) or its handler has returned: for a client that has left, Fastify sends nothing,
 * so no send hook would tell.
 *
 * Its hooks are taken by the routes declared after it, so it is registered before them.
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  const open = new Set<FastifyRequest>();
  let waiting: Array<() => void> = [];
  function settle(request: FastifyRequest): void {
    if (!open.delete(request) || open.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  }
  app.addHook('onRequest', async (request) => {
    open.add(request);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    settle(request);
    return payload;
  });
  // Every route's handler: when the promise it returns settles, its work is done, answered or not.
  // One that returns at once is done then if it has answered or hijacked the reply (a live stream is
  // its route's own); if not, it answers later, through the send hook above.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply: FastifyReply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) void result.then(() => settle(request), () => settle(request));
      else if (reply.sent) settle(request);
      return result;
    } as typeof handler;
  });

  const connections = new Map<Socket, number>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, Date.now());
    socket.once('close', () => connections.delete(socket));
  });

  return {
    answered: () => (open.size === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    get open() {
      return open.size;
    },
    closeUnused() {
      const before = Date.now() - UNUSED_MS;
      for (const [socket, since] of connections) if (socket.bytesRead === 0 && since < before) socket.destroy();
    },
  };
}
