import { errorResponse, usernameParam } from '@wag/contract/common';
import { profileResponse, userPostsQuery, userPostsResponse } from '@wag/contract/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer } from './auth-context.js';

const errors = { 400: errorResponse, 404: errorResponse };

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile/:username',
    {
      schema: {
        tags: ['perfiles'],
        summary: 'Perfil público: usuario, estadísticas, primeras publicaciones y relación con quien mira',
        params: usernameParam,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => app.services.profiles.getProfile(request.params.username, await optionalViewer(request)),
  );

  app.get(
    '/api/users/:username/posts',
    {
      schema: {
        tags: ['perfiles'],
        summary: 'Publicaciones de un usuario, de la más nueva a la más antigua, por páginas (cursor)',
        params: usernameParam,
        querystring: userPostsQuery,
        response: { 200: userPostsResponse, ...errors },
      },
    },
    async (request) => app.services.profiles.listPosts(request.params.username, await optionalViewer(request), request.query),
  );
};
