import { errorResponse, okResponse, usernameParam } from '@wag/contract/common';
import {
  conversationsQuery,
  conversationsResponse,
  messageRequestsResponse,
  messagesQuery,
  messagesResponse,
  sendMessageBody,
  sendMessageResponse,
} from '@wag/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const secured = { security: [{ bearer: [] }] };

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/conversations',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Conversaciones aceptadas, la de actividad más reciente primero; query filtra por usuario o nombre',
        ...secured,
        querystring: conversationsQuery,
        response: { 200: conversationsResponse, ...errors },
      },
    },
    async (request) => app.services.messages.conversations(await requireViewer(request), request.query.cursor, request.query.query),
  );

  app.get(
    '/api/conversations/:username/messages',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Mensajes de la conversación con un usuario, los más recientes primero; nextCursor pagina hacia atrás',
        ...secured,
        params: usernameParam,
        querystring: messagesQuery,
        response: { 200: messagesResponse, ...errors },
      },
    },
    async (request) => app.services.messages.messages(await requireViewer(request), request.params.username, request.query.cursor),
  );

  app.post(
    '/api/conversations/:username/messages',
    {
      preHandler: rateLimit('message'),
      schema: {
        tags: ['mensajes'],
        summary: 'Envía un mensaje (recortado, no vacío, hasta 2000 caracteres); llega en directo a la otra persona',
        ...secured,
        params: usernameParam,
        body: sendMessageBody,
        response: { 200: sendMessageResponse, 429: errorResponse, ...errors },
      },
    },
    async (request) => app.services.messages.send(await requireViewer(request), request.params.username, request.body.text),
  );

  app.post(
    '/api/conversations/:username/read',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Marca la conversación como leída',
        ...secured,
        params: usernameParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => app.services.messages.markRead(await requireViewer(request), request.params.username),
  );

  app.post(
    '/api/conversations/:username/typing',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Avisa en directo a la otra persona de que estás escribiendo (solo en conversaciones que ha aceptado)',
        ...secured,
        params: usernameParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => app.services.messages.typing(await requireViewer(request), request.params.username),
  );

  app.delete(
    '/api/conversations/:username',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Eliminar Chat: quita la conversación solo para quien lo pide',
        ...secured,
        params: usernameParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => app.services.messages.remove(await requireViewer(request), request.params.username),
  );

  app.get(
    '/api/message-requests',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Solicitudes de mensajes pendientes: primeros mensajes de personas a las que no sigues',
        ...secured,
        querystring: messagesQuery,
        response: { 200: messageRequestsResponse, ...errors },
      },
    },
    async (request) => app.services.messages.requests(await requireViewer(request), request.query.cursor),
  );

  app.post(
    '/api/message-requests/:username/accept',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Acepta una solicitud: pasa a tus conversaciones',
        ...secured,
        params: usernameParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => app.services.messages.accept(await requireViewer(request), request.params.username),
  );

  app.post(
    '/api/message-requests/:username/reject',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Rechaza una solicitud: desaparece para ti y no se avisa a quien la envió',
        ...secured,
        params: usernameParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => app.services.messages.reject(await requireViewer(request), request.params.username),
  );
};
