import { errorResponse } from '@wag/contract/common';
import { markReadBody, markReadResponse, notificationsQuery, notificationsResponse, unreadCountResponse } from '@wag/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';

const errors = { 400: errorResponse, 401: errorResponse };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Notificaciones de quien mira, las más recientes primero; los «me gusta» de una misma cosa van agrupados',
        security: [{ bearer: [] }],
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => app.services.notifications.page(await requireViewer(request), request.query.cursor),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Número de notificaciones sin leer',
        security: [{ bearer: [] }],
        response: { 200: unreadCountResponse, ...errors },
      },
    },
    async (request) => app.services.notifications.unreadCount(await requireViewer(request)),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Marca como leídas todas las notificaciones (o solo las indicadas en ids)',
        security: [{ bearer: [] }],
        body: markReadBody,
        response: { 200: markReadResponse, ...errors },
      },
    },
    async (request) => app.services.notifications.markRead(await requireViewer(request), request.body?.ids),
  );
};
