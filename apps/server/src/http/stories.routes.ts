import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { errorResponse, okResponse, usernameParam } from '@wag/contract/common';
import {
  activeStoriesResponse,
  createStoryResponse,
  hasActiveResponse,
  highlightsResponse,
  moveToGroupBody,
  newStoryGroupBody,
  newStoryGroupResponse,
  storyGroupsResponse,
  storyIdParam,
  storyLikeResponse,
  storyMeta,
  storyReplyBody,
  storyRowResponse,
  storyViewResponse,
  viewersQuery,
  viewersResponse,
} from '@wag/contract/stories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['historias'];
const done = okResponse.extend({ message: z.string() });

export const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.post(
    '/api/stories',
    {
      preHandler: rateLimit('storyUpload'),
      schema: {
        tags,
        summary: 'Publicar una historia (multipart: media y audience); imagen o vídeo de hasta 60 s',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: createStoryResponse, 413: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      if (!request.isMultipart()) throw new ValidationError(messages.storyFileRequired);
      await fs.mkdir(app.config.uploadDir, { recursive: true });
      const dir = await fs.mkdtemp(path.join(app.config.uploadDir, 'story-'));
      try {
        let file: string | null = null;
        let audience: string | undefined;
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
          }
        }
        const created = await app.services.stories.create(viewer, file, audience);
        return reply.code(201).send({ success: true as const, message: messages.storyUploaded, story: created });
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.get(
    '/api/feed/stories',
    {
      schema: {
        tags,
        summary: 'La fila de historias: tú primero, luego quienes sigues con historias activas (sin ver primero)',
        description: 'Para invitados, los creadores destacados con historias públicas activas.',
        response: { 200: storyRowResponse, ...errors },
      },
    },
    async (request) => app.services.stories.storyRow(await optionalViewer(request)),
  );

  app.get(
    '/api/stories/has-active/:username',
    { schema: { tags, summary: 'Si el usuario tiene historias activas que quien mira puede ver', params: usernameParam, response: { 200: hasActiveResponse, ...errors } } },
    async (request) => app.services.stories.hasActive(request.params.username, await optionalViewer(request)),
  );

  app.get(
    '/api/stories/active/:username',
    { schema: { tags, summary: 'Historias activas (últimas 24 horas), de la más antigua a la más nueva', params: usernameParam, response: { 200: activeStoriesResponse, ...errors } } },
    async (request) => app.services.stories.active(request.params.username, await optionalViewer(request)),
  );

  app.get(
    '/api/stories/wholesale/:username',
    { schema: { tags, summary: 'Historias destacadas (Quickyteca)', params: usernameParam, response: { 200: highlightsResponse, ...errors } } },
    async (request) => app.services.stories.highlights(request.params.username, await optionalViewer(request)),
  );

  app.get(
    '/api/story-groups/:username',
    { schema: { tags, summary: 'Recientes y grupos de la Quickyteca, con cantidad y portada', params: usernameParam, response: { 200: storyGroupsResponse, ...errors } } },
    async (request) => app.services.stories.groups(request.params.username, await optionalViewer(request)),
  );

  app.post(
    '/api/story-groups',
    { schema: { tags, summary: 'Crear un grupo de historias', security: [{ bearer: [] }], body: newStoryGroupBody, response: { 201: newStoryGroupResponse, ...errors } } },
    async (request, reply) => {
      const group = await app.services.stories.createGroup(await requireViewer(request), request.body.name);
      return reply.code(201).send({ success: true as const, group });
    },
  );

  app.get(
    '/api/stories/:id/meta',
    { schema: { tags, summary: 'Vistas, me gusta y si quien mira le dio me gusta', params: storyIdParam, response: { 200: storyMeta, ...errors } } },
    async (request) => app.services.stories.meta(request.params.id, await optionalViewer(request)),
  );

  app.post(
    '/api/stories/:id/view',
    { schema: { tags, summary: 'Registrar una vista (una por persona)', security: [{ bearer: [] }], params: storyIdParam, response: { 200: storyViewResponse, ...errors } } },
    async (request) => app.services.stories.view(request.params.id, await optionalViewer(request)),
  );

  for (const [method, liked] of [['post', true], ['delete', false]] as const) {
    app[method](
      '/api/stories/:id/like',
      {
        schema: { tags, summary: liked ? 'Dar me gusta a una historia' : 'Quitar el me gusta', security: [{ bearer: [] }], params: storyIdParam, response: { 200: storyLikeResponse, ...errors } },
      },
      async (request) => app.services.stories.like(request.params.id, await requireViewer(request), liked),
    );
  }

  app.get(
    '/api/stories/:id/viewers',
    {
      schema: { tags, summary: 'Quién vio la historia (solo su dueño), de la vista más nueva a la más antigua', security: [{ bearer: [] }], params: storyIdParam, querystring: viewersQuery, response: { 200: viewersResponse, ...errors } },
    },
    async (request) => app.services.stories.viewers(request.params.id, await requireViewer(request), request.query.page, request.query.size),
  );

  app.post(
    '/api/stories/:id/reply',
    { preHandler: rateLimit('storyReply'), schema: { tags, summary: 'Responder a una historia: llega como mensaje directo a su dueño', security: [{ bearer: [] }], params: storyIdParam, body: storyReplyBody, response: { 200: done, ...errors } } },
    async (request) => app.services.stories.reply(request.params.id, await requireViewer(request), request.body.text),
  );

  app.delete(
    '/api/stories/:id',
    { schema: { tags, summary: 'Eliminar una historia propia', security: [{ bearer: [] }], params: storyIdParam, response: { 200: done, ...errors } } },
    async (request) => app.services.stories.remove(request.params.id, await requireViewer(request)),
  );

  app.post(
    '/api/stories/:id/move-to-highlights',
    { schema: { tags, summary: 'Guardar una historia propia en destacadas', security: [{ bearer: [] }], params: storyIdParam, response: { 200: done, ...errors } } },
    async (request) => app.services.stories.moveToHighlights(request.params.id, await requireViewer(request)),
  );

  app.post(
    '/api/stories/:id/move-to-group',
    { schema: { tags, summary: 'Guardar una historia propia en un grupo (group_id null: Recientes)', security: [{ bearer: [] }], params: storyIdParam, body: moveToGroupBody, response: { 200: done, ...errors } } },
    async (request) => app.services.stories.moveToGroup(request.params.id, await requireViewer(request), request.body.group_id),
  );
};
