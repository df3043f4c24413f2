import { errorResponse } from '@wag/contract/common';
import { peopleSearchQuery, peopleSearchResponse, wagStarsResponse } from '@wag/contract/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer } from './auth-context.js';

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/search',
    {
      schema: {
        tags: ['perfiles'],
        summary: 'Buscar personas por usuario o nombre (sin distinguir mayúsculas ni acentos)',
        description: 'Verificados y seguidos primero; limit por defecto 8, como mucho 50.',
        querystring: peopleSearchQuery,
        response: { 200: peopleSearchResponse, 400: errorResponse },
      },
    },
    async (request) => app.services.people.search(request.query.q, request.query.limit, await optionalViewer(request)),
  );

  app.get(
    '/api/wag-stars',
    {
      schema: {
        tags: ['perfiles'],
        summary: 'Las WAG Stars: creadores destacados, en su orden',
        response: { 200: wagStarsResponse },
      },
    },
    async (request) => app.services.people.wagStars(await optionalViewer(request)),
  );
};
