import { errorResponse, usernameParam } from '@wag/contract/common';
import {
  commentsQuery,
  commentsResponse,
  feedQuery,
  feedResponse,
  likeResponse,
  newCommentBody,
  newCommentResponse,
  postIdParam,
  postResponse,
  postsByAuthorQuery,
  postsByAuthorResponse,
  postStats,
  postViewResponse,
  saveResponse,
  savedResponse,
  quickysQuery,
  quickysResponse,
  slugParam,
} from '@wag/contract/posts';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['publicaciones'];

const UPLOAD_FIELDS = new Set(['description', 'visibility', 'tags', 'contentType', 'postType']);

const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  postType: z.enum(['grid', 'quicky', 'vip']),
  postSlug: z.string(),
  slug: z.string(),
});

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    // decisions.md §6: uploads are bounded (config.uploadMaxBytes a file, 10 files).
    limits: { fileSize: app.config.uploadMaxBytes, files: 10, fields: 10, fieldSize: 10_000, parts: 20 },
  });

  app.post(
    '/api/posts',
    {
      preHandler: rateLimit('postUpload'),
      schema: {
        tags,
        summary: 'Publicar: multipart con media (una o varias imágenes, o un vídeo), description, visibility y tags',
        description:
          'El tipo se deduce de los bytes; postType sale de la audiencia y del tipo (subscribers → vip, vídeo → quicky, imagen → grid). ' +
          'Los vídeos quedan en processing hasta que el trabajo en segundo plano los deja listos.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponse, 413: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request).catch(() => {
        throw new UnauthorizedError(messages.uploadNeedsLogin);
      });
      if (!request.isMultipart()) throw new ValidationError(messages.uploadMissing);
      await fs.mkdir(app.config.uploadDir, { recursive: true });
      const dir = await fs.mkdtemp(path.join(app.config.uploadDir, 'in-'));
      try {
        const files: string[] = [];
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'media' && part.fieldname !== 'media[]') {
              part.file.resume();
              continue;
            }
            const target = path.join(dir, String(files.length));
            await pipeline(part.file, createWriteStream(target));
            if (part.file.truncated) throw new AppError(413, messages.uploadTooLarge);
            files.push(target);
          } else if (UPLOAD_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        const created = await app.services.uploads.createPost(viewer, files, fields);
        return reply.code(201).send({ success: true as const, message: messages.uploaded, postType: created.postType, postSlug: created.slug, slug: created.slug });
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.delete(
    '/api/posts/:id',
    {
      schema: {
        tags,
        summary: 'Eliminar una publicación propia con sus archivos',
        security: [{ bearer: [] }],
        params: postIdParam,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await app.services.uploads.deletePost(viewer, request.params.id, (id) => app.services.posts.exists(id));
      return { success: true as const, message: messages.postDeleted };
    },
  );
  app.get(
    '/api/posts/slug/:slug',
    { schema: { tags, summary: 'Una publicación por su slug (404 si quien mira no puede verla)', params: slugParam, response: { 200: postResponse, ...errors } } },
    async (request) => ({ success: true as const, post: await app.services.posts.getBySlug(request.params.slug, await optionalViewer(request)) }),
  );

  app.get(
    '/api/posts/:id/stats',
    { schema: { tags, summary: 'Me gusta, vistas y si quien mira le dio me gusta', params: postIdParam, response: { 200: postStats, ...errors } } },
    async (request) => app.services.posts.stats(request.params.id, await optionalViewer(request)),
  );

  app.post(
    '/api/posts/:id/view',
    { schema: { tags, summary: 'Registrar una vista (una por usuario; los invitados no cuentan)', params: postIdParam, response: { 200: postViewResponse, ...errors } } },
    async (request) => app.services.posts.view(request.params.id, await optionalViewer(request)),
  );

  for (const [method, liked] of [['post', true], ['delete', false]] as const) {
    app[method](
      '/api/posts/:id/like',
      {
        schema: {
          tags,
          summary: liked ? 'Dar me gusta (idempotente)' : 'Quitar el me gusta (idempotente)',
          security: [{ bearer: [] }],
          params: postIdParam,
          response: { 200: likeResponse, ...errors },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request);
        return liked ? app.services.posts.like(request.params.id, viewer) : app.services.posts.unlike(request.params.id, viewer);
      },
    );
    app[method](
      '/api/comments/:id/like',
      {
        schema: {
          tags: ['comentarios'],
          summary: liked ? 'Dar me gusta a un comentario' : 'Quitar el me gusta de un comentario',
          security: [{ bearer: [] }],
          params: postIdParam,
          response: { 200: likeResponse, ...errors },
        },
      },
      async (request) => app.services.posts.likeComment(request.params.id, await requireViewer(request), liked),
    );
  }

  app.get(
    '/api/posts/:id/comments',
    {
      schema: {
        tags: ['comentarios'],
        summary: 'Comentarios: sort=all (los más antiguos primero) o recent; threaded=1 con respuestas',
        params: postIdParam,
        querystring: commentsQuery,
        response: { 200: commentsResponse, ...errors },
      },
    },
    async (request) => app.services.posts.listComments(request.params.id, await optionalViewer(request), request.query),
  );

  app.post(
    '/api/posts/:id/comments',
    {
      preHandler: rateLimit('comment'),
      schema: {
        tags: ['comentarios'],
        summary: 'Comentar o responder (parent_id); el texto se recorta y no puede quedar vacío',
        security: [{ bearer: [] }],
        params: postIdParam,
        body: newCommentBody,
        response: { 201: newCommentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await app.services.posts.addComment(request.params.id, await requireViewer(request), request.body);
      return reply.code(201).send({ success: true as const, comment: created });
    },
  );

  for (const [method, save] of [['post', true], ['delete', false]] as const) {
    app[method](
      '/api/posts/:id/save',
      {
        schema: {
          tags,
          summary: save ? 'Guardar una publicación (idempotente)' : 'Quitar una publicación de las guardadas',
          security: [{ bearer: [] }],
          params: postIdParam,
          response: { 200: saveResponse, ...errors },
        },
      },
      async (request) => app.services.posts.save(request.params.id, await requireViewer(request), save),
    );
  }

  app.get(
    '/api/saved',
    {
      schema: {
        tags,
        summary: 'Tus publicaciones guardadas, de la más reciente a la más antigua (cursor)',
        security: [{ bearer: [] }],
        querystring: feedQuery,
        response: { 200: savedResponse, ...errors },
      },
    },
    async (request) => app.services.feed.saved(await requireViewer(request), request.query.cursor),
  );

  app.get(
    '/api/feed',
    {
      schema: {
        tags,
        summary: 'Tu Feed: publicaciones de quienes sigues y tuyas, de la más nueva a la más antigua (cursor)',
        description: 'Invitados y quien aún no sigue a nadie reciben el feed de descubrimiento (kind: discovery).',
        querystring: feedQuery,
        response: { 200: feedResponse, 400: errorResponse },
      },
    },
    async (request) => app.services.feed.page(await optionalViewer(request), request.query.cursor),
  );

  app.get(
    '/api/quickys',
    { schema: { tags, summary: 'Explorar: quickys públicos, del más nuevo al más antiguo', querystring: quickysQuery, response: { 200: quickysResponse, 400: errorResponse } } },
    async (request) => app.services.posts.exploreQuickys(request.query),
  );

  app.get(
    '/api/users/:username/quickys',
    { schema: { tags, summary: 'Los quickys de un usuario que quien mira puede ver', params: usernameParam, querystring: quickysQuery, response: { 200: quickysResponse, ...errors } } },
    async (request) => {
      const page = await app.services.profiles.listPosts(request.params.username, await optionalViewer(request), { ...request.query, post_type: 'quicky' });
      return { quickys: page.posts, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/posts',
    {
      schema: {
        tags,
        summary: 'Publicaciones de un autor (user_username o user), opcionalmente de un tipo (post_type o type)',
        querystring: postsByAuthorQuery,
        response: { 200: postsByAuthorResponse, ...errors },
      },
    },
    async (request) => {
      const username = request.query.user_username ?? request.query.user;
      if (!username) throw new ValidationError(messages.badJson);
      return app.services.profiles.listPosts(username, await optionalViewer(request), {
        cursor: request.query.cursor,
        post_type: request.query.post_type ?? request.query.type,
      });
    },
  );
};
