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
