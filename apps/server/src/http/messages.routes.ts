import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const errors = [400, 401, 404] as const;
const tags = ['mensajes'];

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
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
      bearer: true,
      errors: [...errors, 403, 429],
      preHandler: rateLimit('message'),
    },
    async (request) => app.services.messages.send(await requireViewer(request), request.params.username, request.body.text),
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
