import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const errors = [400, 401, 404] as const;
const tags = ['seguidores'];

export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'followStatus',
    { tags, summary: 'Si quien mira sigue al usuario (false para invitados)', errors },
    async (request) => app.services.follows.status(request.params.username, await optionalViewer(request)),
  );

  // docs/product.md §7 lists both /api/follow/{username} and the unprefixed /follow/{username}.
  for (const [follow, unfollow] of [['follow', 'unfollow'], ['followUnprefixed', 'unfollowUnprefixed']] as const) {
    route(
      app,
      follow,
      {
        tags,
        summary: 'Seguir a un usuario (idempotente); responde el nuevo número de seguidores',
        bearer: true,
        errors,
        preHandler: rateLimit('follow'),
      },
      async (request) => app.services.follows.follow(await requireViewer(request), request.params.username),
    );
    route(
      app,
      unfollow,
      {
        tags,
        summary: 'Dejar de seguir a un usuario (idempotente); responde el nuevo número de seguidores',
        bearer: true,
        errors,
        preHandler: rateLimit('follow'),
      },
      async (request) => app.services.follows.unfollow(await requireViewer(request), request.params.username),
    );
  }

  for (const direction of ['followers', 'following'] as const) {
    route(
      app,
      direction,
      {
        tags,
        summary: direction === 'followers' ? 'Seguidores de un usuario, por páginas' : 'A quién sigue un usuario, por páginas',
        description: 'q filtra por nombre o usuario (sin distinguir mayúsculas ni acentos); cursor pide la página siguiente.',
        errors,
      },
      async (request) =>
        app.services.follows.list(request.params.username, direction, await optionalViewer(request), request.query),
    );
  }
};
