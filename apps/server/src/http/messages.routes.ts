import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { requireViewer } from './auth-context.js';
import { receiveUpload } from './multipart-upload.js';
import { rateLimit } from './rate-limit.js';
import { idempotencyKeyOf } from './idempotency-key.js';
import { route } from './route.js';

const errors = [400, 401, 404] as const;
const tags = ['mensajes'];
const MEDIA_FIELDS = new Set(['text', 'clientKey']);

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    // One photo or video a message, bounded like every upload (docs/product-decisions.md §6).
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 10_000, parts: 6 },
  });

  route(
    app,
    'conversations',
    {
      tags,
      summary: 'Conversaciones aceptadas, la de actividad más reciente primero; query filtra por usuario o nombre',
      bearer: true,
      errors,
    },
    async (request) => app.services.messages.conversations(await requireViewer(request), request.query.cursor, request.query.query),
  );

  route(
    app,
    'messages',
    {
      tags,
      summary: 'Mensajes de la conversación con un usuario, los más recientes primero; nextCursor pagina hacia atrás',
      bearer: true,
      errors,
    },
    async (request) => app.services.messages.messages(await requireViewer(request), request.params.username, request.query.cursor),
  );

  route(
    app,
    'sendMessage',
    {
      tags,
      summary: 'Envía un mensaje (recortado, no vacío, hasta 2000 caracteres); llega en directo a la otra persona',
      description:
        'Con la cabecera Idempotency-Key (8 a 64 letras, cifras, - o _), repetir el envío con la misma clave devuelve el mensaje ya enviado ' +
        'en lugar de enviarlo otra vez (un día); la misma clave para otra persona o para otra cosa responde 400.',
      bearer: true,
      errors: [...errors, 403, 429],
      preHandler: rateLimit('message'),
    },
    async (request) => app.services.messages.send(await requireViewer(request), request.params.username, request.body.text, idempotencyKeyOf(request)),
  );

  route(
    app,
    'sendMessageMedia',
    {
      tags,
      summary: 'Envía una foto o un vídeo (multipart: media, text opcional, clientKey opcional); llega en directo a la otra persona',
      description:
        'El archivo pasa por el mismo proceso que las publicaciones: se reconoce por sus bytes, se compara con el contenido retirado, ' +
        'las imágenes se recodifican sin metadatos y los vídeos (hasta 3 minutos) quedan en processing hasta que se transcodifican. ' +
        'Solo las dos personas de la conversación pueden abrir sus archivos. Repetir el envío con el mismo clientKey (o la misma cabecera Idempotency-Key) devuelve el mensaje ya enviado.',
      bearer: true,
      errors: [...errors, 403, 413, 429],
      preHandler: rateLimit('message'),
    },
    async (request) => {
      const viewer = await requireViewer(request).catch(() => {
        throw new UnauthorizedError(messages.unauthorized);
      });
      // Refused before the file is read: a blocked or unwelcome sender does not upload it first.
      await app.services.messages.assertMaySend(viewer, request.params.username);
      if (!request.isMultipart()) throw new ValidationError(messages.messageMediaMissing);
      const idempotencyKey = idempotencyKeyOf(request);
      return receiveUpload(request, { uploadDir: app.config.uploadDir, fileField: 'media', maxFiles: 1, fields: MEDIA_FIELDS }, ({ files, fields }) =>
        app.services.messages.sendMedia(viewer, request.params.username, files[0] ?? null, { ...fields, clientKey: fields.clientKey ?? idempotencyKey }),
      );
    },
  );

  route(
    app,
    'markConversationRead',
    { tags, summary: 'Marca la conversación como leída', bearer: true, errors },
    async (request) => app.services.messages.markRead(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'typing',
    {
      tags,
      summary: 'Avisa en directo a la otra persona de que estás escribiendo (solo en conversaciones que ha aceptado)',
      bearer: true,
      errors,
    },
    async (request) => app.services.messages.typing(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'deleteConversation',
    { tags, summary: 'Eliminar Chat: quita la conversación solo para quien lo pide', bearer: true, errors },
    async (request) => app.services.messages.remove(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'messageRequests',
    { tags, summary: 'Solicitudes de mensajes pendientes: primeros mensajes de personas a las que no sigues', bearer: true, errors },
    async (request) => app.services.messages.requests(await requireViewer(request), request.query.cursor),
  );

  route(
    app,
    'acceptMessageRequest',
    { tags, summary: 'Acepta una solicitud: pasa a tus conversaciones', bearer: true, errors: [...errors, 403] },
    async (request) => app.services.messages.accept(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'rejectMessageRequest',
    { tags, summary: 'Rechaza una solicitud: desaparece para ti y no se avisa a quien la envió', bearer: true, errors },
    async (request) => app.services.messages.reject(await requireViewer(request), request.params.username),
  );
};
