import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const tags = ['bloqueos'];
const errors = [400, 401, 404, 429] as const;

export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'blockedUsers',
    { tags, summary: 'Las personas que bloqueo, el bloqueo más reciente primero', bearer: true, errors: [400, 401] },
    async (request) => app.services.blocks.list(await requireViewer(request), request.query.cursor),
  );

  route(
    app,
    'blockStatus',
    { tags, summary: 'Si bloqueo a este usuario (nunca dice si él me bloquea)', bearer: true, errors: [400, 401, 404] },
    async (request) => app.services.blocks.status(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'blockUser',
    {
      tags,
      summary: 'Bloquear a un usuario (idempotente)',
      description:
        'Ninguno de los dos ve al otro ni sus publicaciones, historias, comentarios ni listas; nadie puede seguir, escribir, comentar ni dar me gusta al otro. ' +
        'Deja de seguirse en ambos sentidos. La conversación desaparece para la persona bloqueada; quien bloquea la conserva, solo para leer y reportar.',
      bearer: true,
      errors,
      preHandler: rateLimit('block'),
    },
    async (request) => app.services.blocks.block(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'unblockUser',
    {
      tags,
      summary: 'Desbloquear a un usuario (idempotente); los seguimientos no vuelven',
      bearer: true,
      errors,
      preHandler: rateLimit('block'),
    },
    async (request) => app.services.blocks.unblock(await requireViewer(request), request.params.username),
  );
};
