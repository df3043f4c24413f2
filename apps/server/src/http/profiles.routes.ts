import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer } from './auth-context.js';
import { route } from './route.js';

const errors = [400, 404] as const;
const tags = ['perfiles'];

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'profile',
    { tags, summary: 'Perfil público: usuario, estadísticas, primeras publicaciones y relación con quien mira', errors },
    async (request) => app.services.profiles.getProfile(request.params.username, await optionalViewer(request)),
  );

  route(
    app,
    'userPosts',
    { tags, summary: 'Publicaciones de un usuario, de la más nueva a la más antigua, por páginas (cursor)', errors },
    async (request) => app.services.profiles.listPosts(request.params.username, await optionalViewer(request), request.query),
  );
};
