import { errorResponse, usernameParam } from '@wag/contract/common';
import { followListQuery, followListResponse, followResponse, followStatusResponse } from '@wag/contract/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/follow/status/:username',
    {
      schema: {
        tags: ['seguidores'],
        summary: 'Si quien mira sigue al usuario (false para invitados)',
        params: usernameParam,
        response: { 200: followStatusResponse, ...errors },
      },
    },
    async (request) => app.services.follows.status(request.params.username, await optionalViewer(request)),
  );

  // product.md §7 lists both /api/follow/{username} and the unprefixed /follow/{username}.
  for (const path of ['/api/follow/:username', '/follow/:username']) {
    app.post(
      path,
      {
        preHandler: rateLimit('follow'),
        schema: {
          tags: ['seguidores'],
          summary: 'Seguir a un usuario (idempotente); responde el nuevo número de seguidores',
          security: [{ bearer: [] }],
          params: usernameParam,
          response: { 200: followResponse, ...errors },
        },
      },
      async (request) => app.services.follows.follow(await requireViewer(request), request.params.username),
    );
    app.delete(
      path,
      {
        preHandler: rateLimit('follow'),
        schema: {
          tags: ['seguidores'],
          summary: 'Dejar de seguir a un usuario (idempotente); responde el nuevo número de seguidores',
          security: [{ bearer: [] }],
          params: usernameParam,
          response: { 200: followResponse, ...errors },
        },
      },
      async (request) => app.services.follows.unfollow(await requireViewer(request), request.params.username),
    );
  }

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/api/users/:username/${direction}`,
      {
        schema: {
          tags: ['seguidores'],
          summary: direction === 'followers' ? 'Seguidores de un usuario, por páginas' : 'A quién sigue un usuario, por páginas',
          description: 'q filtra por nombre o usuario (sin distinguir mayúsculas ni acentos); cursor pide la página siguiente.',
          params: usernameParam,
          querystring: followListQuery,
          response: { 200: followListResponse, ...errors },
        },
      },
      async (request) =>
        app.services.follows.list(request.params.username, direction, await optionalViewer(request), request.query),
    );
  }
};
