import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const errors = [400, 401, 403, 404] as const;
const tags = ['historias'];

export const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  route(
    app,
    'createStory',
    {
      tags,
      summary: 'Publicar una historia (multipart: media, audience y, para subscribers, confirmConsent=true); imagen o vídeo de hasta 60 s',
      bearer: true,
      errors: [...errors, 413],
      preHandler: rateLimit('storyUpload'),
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      if (!request.isMultipart()) throw new ValidationError(messages.storyFileRequired);
      await fs.mkdir(app.config.uploadDir, { recursive: true });
      const dir = await fs.mkdtemp(path.join(app.config.uploadDir, 'story-'));
      try {
        let file: string | null = null;
        let audience: string | undefined;
        let confirmConsent: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'media' || file) {
              part.file.resume();
              continue;
            }
            file = path.join(dir, 'media');
            await pipeline(part.file, createWriteStream(file));
            if (part.file.truncated) throw new AppError(413, messages.uploadTooLarge);
          } else if (part.fieldname === 'audience' && typeof part.value === 'string') {
            audience = part.value;
          } else if (part.fieldname === 'confirmConsent' && typeof part.value === 'string') {
            confirmConsent = part.value;
          }
        }
        const created = await app.services.stories.create(viewer, file, audience, confirmConsent);
        return reply.code(201).send({ success: true as const, message: messages.storyUploaded, story: created });
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );

  route(
    app,
    'storyRow',
    {
      tags,
      summary: 'La fila de historias: tú primero, luego quienes sigues con historias activas (sin ver primero)',
      description: 'Para invitados, los creadores destacados con historias públicas activas.',
      errors,
    },
    async (request) => app.services.stories.storyRow(await optionalViewer(request)),
  );

  route(
    app,
    'hasActiveStories',
    { tags, summary: 'Si el usuario tiene historias activas que quien mira puede ver', errors },
    async (request) => app.services.stories.hasActive(request.params.username, await optionalViewer(request)),
  );

  route(
    app,
    'activeStories',
    { tags, summary: 'Historias activas (últimas 24 horas), de la más antigua a la más nueva', errors },
    async (request) => app.services.stories.active(request.params.username, await optionalViewer(request)),
  );

  route(
    app,
    'highlights',
    { tags, summary: 'Historias destacadas (Quickyteca)', errors },
    async (request) => app.services.stories.highlights(request.params.username, await optionalViewer(request)),
  );

  route(
    app,
    'storyGroups',
    { tags, summary: 'Recientes y grupos de la Quickyteca, con cantidad y portada', errors },
    async (request) => app.services.stories.groups(request.params.username, await optionalViewer(request)),
  );

  route(
    app,
    'createStoryGroup',
    { tags, summary: 'Crear un grupo de historias', bearer: true, errors },
    async (request, reply) => {
      const group = await app.services.stories.createGroup(await requireViewer(request), request.body.name);
      return reply.code(201).send({ success: true as const, group });
    },
  );

  route(
    app,
    'storyMeta',
    { tags, summary: 'Vistas, me gusta y si quien mira le dio me gusta', errors },
    async (request) => app.services.stories.meta(request.params.id, await optionalViewer(request)),
  );

  route(
    app,
    'viewStory',
    { tags, summary: 'Registrar una vista (una por persona)', bearer: true, errors },
    async (request) => app.services.stories.view(request.params.id, await optionalViewer(request)),
  );

  for (const [name, liked] of [['likeStory', true], ['unlikeStory', false]] as const) {
    route(
      app,
      name,
      { tags, summary: liked ? 'Dar me gusta a una historia' : 'Quitar el me gusta', bearer: true, errors },
      async (request) => app.services.stories.like(request.params.id, await requireViewer(request), liked),
    );
  }

  route(
    app,
    'storyViewers',
    { tags, summary: 'Quién vio la historia (solo su dueño), de la vista más nueva a la más antigua', bearer: true, errors },
    async (request) => app.services.stories.viewers(request.params.id, await requireViewer(request), request.query.page, request.query.size),
  );

  route(
    app,
    'replyToStory',
    {
      tags,
      summary: 'Responder a una historia: llega como mensaje directo a su dueño',
      bearer: true,
      errors,
      preHandler: rateLimit('storyReply'),
    },
    async (request) => app.services.stories.reply(request.params.id, await requireViewer(request), request.body.text),
  );

  route(
    app,
    'deleteStory',
    { tags, summary: 'Eliminar una historia propia', bearer: true, errors },
    async (request) => app.services.stories.remove(request.params.id, await requireViewer(request)),
  );

  route(
    app,
    'moveStoryToHighlights',
    { tags, summary: 'Guardar una historia propia en destacadas', bearer: true, errors },
    async (request) => app.services.stories.moveToHighlights(request.params.id, await requireViewer(request)),
  );

  route(
    app,
    'moveStoryToGroup',
    { tags, summary: 'Guardar una historia propia en un grupo (group_id null: Recientes)', bearer: true, errors },
    async (request) => app.services.stories.moveToGroup(request.params.id, await requireViewer(request), request.body.group_id),
  );
};
