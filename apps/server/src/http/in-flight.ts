import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface InFlight {
  /** Resolves once every request seen so far has been answered (at once when none is open). */
  answered(): Promise<void>;
  /** Requests whose handlers have not answered yet. */
  readonly open: number;
  /**
   * Closes the connections that have not sent a byte (a browser's or a proxy's connection opened
   * ahead of use). Node's closeIdleConnections leaves them, as it waits for their first request
   * (headersTimeout), so they held a closing server until its deadline. A client retries a request
   * it never sent on a new connection.
   */
  closeUnused(): void;
}

/**
 * What closing waits for beyond the connections: the HTTP server's close ends when the last
 * connection has, and a client that gave up (a phone that lost its signal mid-upload) closes its
 * own while the handler goes on. Without this the database was closed under that handler ("driver
 * has already been destroyed") and its work cut half-way. A reply is open from its request until it
 * is sent; a hijacked one (a live stream) is its route's own and counts until its connection closes.
 *
 * Its hooks are taken by the routes declared after it, so it is registered before them.
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  const open = new Set<FastifyReply>();
  let waiting: Array<() => void> = [];
  function settle(reply: FastifyReply): void {
    if (!open.delete(reply) || open.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  }
  app.addHook('onRequest', async (_request, reply) => {
    open.add(reply);
    // Sent or hijacked by the time its connection closes; a handler whose client left is not, and counts on.
    reply.raw.once('close', () => {
      if (reply.sent) settle(reply);
    });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    settle(reply);
    return payload;
  });

  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  return {
    answered: () => (open.size === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    get open() {
      return open.size;
    },
    closeUnused() {
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}
