import type { FastifyPluginAsync } from 'fastify';

/**
 * The operator's probes, outside the API's route table: `GET /healthz` answers while the process is
 * alive and serving HTTP, touching no database, asking no session, counting no rate limit and
 * writing no log line (a load balancer calls it every few seconds). The benchmark's static reference
 * (scripts/bench.ts). Whether the process can serve requests (its database) is a readiness probe's
 * question, not this one's.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Not an API call of the contract: left out of the OpenAPI description as well.
  app.get('/healthz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
};

/**
 * `GET /readyz`: whether this process can serve requests now, from the named checks it was given
 * (http/readiness.ts: the database, Redis when REDIS_URL is set, storage). 200 when all pass, else
 * 503 naming each check's result and nothing more (no addresses, no error text); 503 as soon as
 * the process is stopping, so the load balancer sends it nothing new while it drains. Like /healthz:
 * no session, no rate limit, no log line.
 */
export const readinessRoutes: FastifyPluginAsync = async (app) => {
  app.get('/readyz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.readiness.stopping) return reply.code(503).send({ status: 'stopping' });
    const { ready, checks } = await app.readiness.run();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks });
  });
};
