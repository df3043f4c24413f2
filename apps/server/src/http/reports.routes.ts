import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const tags = ['moderación'];

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'createReport',
    {
      tags,
      summary: 'Reportar un usuario (por su nombre de usuario), una publicación, un comentario, una historia o un mensaje',
      description:
        'reason es un código (inappropriate, harassment, impersonation, spam, hate, violence, other, underage, non_consensual) o su etiqueta en español. ' +
        'Sin cuenta se puede reportar un usuario, una publicación o una historia dejando un email de contacto. ' +
        'Lo reportado desaparece de las vistas de quien reporta; underage y non_consensual lo ocultan a todos hasta su revisión. ' +
        'Reportar de nuevo lo mismo mientras el reporte sigue abierto devuelve ese reporte (200).',
      bearer: true,
      errors: [400, 401, 404, 429],
      preHandler: rateLimit('report'),
    },
    async (request, reply) => {
      const viewer = await optionalViewer(request);
      const { created, report } = await app.services.reports.create(viewer, request.body, request.ip ?? null);
      return reply.code(created ? 201 : 200).send({ success: true as const, report });
    },
  );

  route(
    app,
    'myReports',
    { tags, summary: 'Mis reportes: los más recientes primero, con su estado y su resultado', bearer: true, errors: [400, 401] },
    async (request) => app.services.reports.mine(await requireViewer(request), request.query.cursor),
  );
};
