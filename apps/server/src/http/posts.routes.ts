import fastifyMultipart from '@fastify/multipart';
import { COVER_AT_FIELD } from '@wag/contract/posts-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { optionalViewer, requireViewer } from './auth-context.js';
import { MAX_IMAGES_PER_POST } from '../services/upload.service.js';
import { receiveUpload } from './multipart-upload.js';
import { rateLimit } from './rate-limit.js';
import { idempotencyKeyOf } from './idempotency-key.js';
import { route } from './route.js';

const errors = [400, 401, 403, 404] as const;
const tags = ['publicaciones'];

const UPLOAD_FIELDS = new Set(['description', 'visibility', 'tags', 'contentType', 'postType', 'confirmConsent', COVER_AT_FIELD]);

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    // docs/product-decisions.md §6: uploads are bounded (config.uploadMaxBytes a file, 10 files).
    limits: { fileSize: app.config.uploadMaxBytes, files: 10, fields: 10, fieldSize: 10_000, parts: 20 },
  });

  route(
    app,
    'createPost',
    {
      tags,
      summary: 'Publicar: multipart con media (una o varias imágenes, o un vídeo), description, visibility, tags, confirmConsent y, con un vídeo, coverAtMs',
      description:
        'El tipo se deduce de los bytes; postType sale de la audiencia y del tipo (subscribers → vip, vídeo → quicky, imagen → grid). ' +
        'Los vídeos quedan en processing hasta que el trabajo en segundo plano los deja listos. ' +
        'coverAtMs (milisegundos enteros entre 0 y la duración del vídeo) elige el fotograma de la portada; fuera de ese rango, o con imágenes, 400. ' +
        'Para subscribers: solo cuentas con identidad verificada (403) y con confirmConsent=true (400 sin él): quien publica confirma que todas las personas que aparecen son mayores de edad y aceptaron aparecer y su publicación. ' +
        'Con la cabecera Idempotency-Key, repetir la subida con la misma clave devuelve la publicación ya creada en lugar de crear otra.',
      bearer: true,
      errors: [...errors, 413],
      preHandler: rateLimit('postUpload'),
    },
    async (request, reply) => {
      const viewer = await requireViewer(request).catch(() => {
        throw new UnauthorizedError(messages.uploadNeedsLogin);
      });
      if (!request.isMultipart()) throw new ValidationError(messages.uploadMissing);
      const options = { uploadDir: app.config.uploadDir, fileField: ['media', 'media[]'], maxFiles: MAX_IMAGES_PER_POST, fields: UPLOAD_FIELDS };
      const idempotencyKey = idempotencyKeyOf(request);
      const created = await receiveUpload(request, options, ({ files, fields }) => app.services.uploads.createPost(viewer, files, fields, idempotencyKey));
      return reply.code(201).send({ success: true as const, message: messages.uploaded, postType: created.postType, postSlug: created.slug, slug: created.slug });
    },
  );

  route(
    app,
    'deletePost',
    { tags, summary: 'Eliminar una publicación propia con sus archivos', bearer: true, errors },
    async (request) => {
      const viewer = await requireViewer(request);
      await app.services.uploads.deletePost(viewer, request.params.id, (id) => app.services.posts.exists(id));
      return { success: true as const, message: messages.postDeleted };
    },
  );

  route(
    app,
    'postBySlug',
    { tags, summary: 'Una publicación por su slug (404 si quien mira no puede verla)', errors },
    async (request) => ({ success: true as const, post: await app.services.posts.getBySlug(request.params.slug, await optionalViewer(request)) }),
  );

  route(
    app,
    'postStats',
    { tags, summary: 'Me gusta, vistas y si quien mira le dio me gusta', errors },
    async (request) => app.services.posts.stats(request.params.id, await optionalViewer(request)),
  );

  route(
    app,
    'viewPost',
    {
      tags,
      summary: 'Registrar una vista (una por usuario; los invitados no cuentan)',
      description:
        'Cuerpo opcional { watchedMs }: la vista de un vídeo cuenta tras min(3 s, la mitad) reproducidos y se completa al 90 %; ' +
        'sin cuerpo solo cuenta la de una foto. Cada llamada marca la publicación como vista (Para ti la omite un día).',
      errors,
    },
    async (request) => app.services.posts.view(request.params.id, await optionalViewer(request), request.body?.watchedMs),
  );

  for (const [name, liked] of [['likePost', true], ['unlikePost', false]] as const) {
    route(
      app,
      name,
      { tags, summary: liked ? 'Dar me gusta (idempotente)' : 'Quitar el me gusta (idempotente)', bearer: true, errors },
      async (request) => {
        const viewer = await requireViewer(request);
        return liked ? app.services.posts.like(request.params.id, viewer) : app.services.posts.unlike(request.params.id, viewer);
      },
    );
  }
  for (const [name, liked] of [['likeComment', true], ['unlikeComment', false]] as const) {
    route(
      app,
      name,
      {
        tags: ['comentarios'],
        summary: liked ? 'Dar me gusta a un comentario' : 'Quitar el me gusta de un comentario',
        bearer: true,
        errors,
      },
      async (request) => app.services.posts.likeComment(request.params.id, await requireViewer(request), liked),
    );
  }

  route(
    app,
    'comments',
    { tags: ['comentarios'], summary: 'Comentarios: sort=all (los más antiguos primero) o recent; threaded=1 con respuestas', errors },
    async (request) => app.services.posts.listComments(request.params.id, await optionalViewer(request), request.query),
  );

  route(
    app,
    'addComment',
    {
      tags: ['comentarios'],
      summary: 'Comentar o responder (parent_id); el texto se recorta y no puede quedar vacío',
      bearer: true,
      errors,
      preHandler: rateLimit('comment'),
    },
    async (request, reply) => {
      const created = await app.services.posts.addComment(request.params.id, await requireViewer(request), request.body);
      return reply.code(201).send({ success: true as const, comment: created });
    },
  );

  for (const [name, save] of [['savePost', true], ['unsavePost', false]] as const) {
    route(
      app,
      name,
      { tags, summary: save ? 'Guardar una publicación (idempotente)' : 'Quitar una publicación de las guardadas', bearer: true, errors },
      async (request) => app.services.posts.save(request.params.id, await requireViewer(request), save),
    );
  }

  route(
    app,
    'saved',
    { tags, summary: 'Tus publicaciones guardadas, de la más reciente a la más antigua (cursor)', bearer: true, errors },
    async (request) => app.services.feed.saved(await requireViewer(request), request.query.cursor),
  );

  route(
    app,
    'feed',
    {
      tags,
      summary: 'Tu Feed: publicaciones de quienes sigues y tuyas, de la más nueva a la más antigua (cursor)',
      description: 'Invitados y quien aún no sigue a nadie reciben el feed de descubrimiento (kind: discovery).',
      errors: [400],
    },
    async (request) => app.services.feed.page(await optionalViewer(request), request.query.cursor),
  );

  route(
    app,
    'forYou',
    {
      tags,
      summary: 'Para ti: quickys ordenados para quien mira (interacción con caducidad, novedad, a quién sigue), cursor estable',
      description:
        'La primera página fija el orden; el cursor lo nombra y solo vale para quien lo pidió. ' +
        'Un cursor caducado (2 h), ajeno o mal formado responde 400: se vuelve a empezar sin cursor.',
      errors: [400],
    },
    async (request) => app.services.feed.forYou(await optionalViewer(request), request.query.cursor),
  );

  route(
    app,
    'exploreQuickys',
    { tags, summary: 'Explorar: quickys públicos, del más nuevo al más antiguo', errors: [400] },
    async (request) => app.services.posts.exploreQuickys(request.query),
  );

  route(
    app,
    'userQuickys',
    { tags, summary: 'Los quickys de un usuario que quien mira puede ver', errors },
    async (request) => {
      const page = await app.services.profiles.listPosts(request.params.username, await optionalViewer(request), { ...request.query, post_type: 'quicky' });
      return { quickys: page.posts, nextCursor: page.nextCursor };
    },
  );

  route(
    app,
    'postsByAuthor',
    { tags, summary: 'Publicaciones de un autor (user_username o user), opcionalmente de un tipo (post_type o type)', errors },
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
