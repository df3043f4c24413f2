import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { route } from './route.js';

const tags = ['moderación'];
const deskErrors = [400, 401, 403, 404] as const;

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'moderationQueue',
    {
      tags,
      summary: 'Cola de moderación por estado (open, escalated, closed): mayor prioridad primero, después lo más antiguo',
      description: 'Solo moderadores y administradores.',
      bearer: true,
      errors: deskErrors,
    },
    async (request) => app.services.moderation.queue(await requireViewer(request), request.query.status, request.query.cursor),
  );

  route(
    app,
    'moderationSubject',
    {
      tags,
      summary: 'Un caso de moderación: el contenido como lo ve su dueño, sus reportes y su historial',
      description: 'Solo moderadores y administradores. Un usuario se indica por su nombre de usuario (o su id).',
      bearer: true,
      errors: deskErrors,
    },
    async (request) => app.services.moderation.subject(await requireViewer(request), request.params.subjectType, request.params.subjectId),
  );

  route(
    app,
    'moderationAction',
    {
      tags,
      summary: 'Actuar sobre un caso: dismiss, escalate, takedown, restore, suspend, unsuspend o note, con su motivo',
      description: 'Solo moderadores y administradores. reason es obligatorio; until (fecha ISO futura) solo para suspend, y sin ella la suspensión es indefinida.',
      bearer: true,
      errors: [...deskErrors, 409],
    },
    async (request) => {
      const { endedSessions, ...result } = await app.services.moderation.act(await requireViewer(request), request.params.subjectType, request.params.subjectId, request.body);
      // The suspended account's media cookies stop working here at once, as at a logout.
      for (const sessionId of endedSessions) app.mediaSession.forget(sessionId);
      return result;
    },
  );

  route(
    app,
    'myModerationDecisions',
    {
      tags,
      summary: 'Decisiones de moderación sobre mis cosas, con su motivo y si se puede apelar (una vez) o la apelación está pendiente',
      bearer: true,
      errors: [400, 401],
    },
    async (request) => app.services.moderation.decisionsOf(await requireViewer(request), request.query.cursor),
  );
};
