import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer } from './auth-context.js';
import { route } from './route.js';

const tags = ['perfiles'];

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'peopleSearch',
    {
      tags,
      summary: 'Buscar personas por usuario o nombre (sin distinguir mayúsculas ni acentos)',
      description: 'Verificados y seguidos primero; limit por defecto 8, como mucho 50.',
      errors: [400],
    },
    async (request) => app.services.people.search(request.query.q, request.query.limit, await optionalViewer(request)),
  );

  route(
    app,
    'wagStars',
    { tags, summary: 'Las WAG Stars: creadores destacados, en su orden', errors: [] },
    async (request) => app.services.people.wagStars(await optionalViewer(request)),
  );
};
