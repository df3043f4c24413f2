import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { route } from './route.js';

const errors = [400, 401] as const;
const tags = ['notificaciones'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'notifications',
    {
      tags,
      summary: 'Notificaciones de quien mira, las más recientes primero; los «me gusta» de una misma cosa van agrupados',
      bearer: true,
      errors,
    },
    async (request) => app.services.notifications.page(await requireViewer(request), request.query.cursor),
  );

  route(
    app,
    'unreadNotificationCount',
    { tags, summary: 'Número de notificaciones sin leer', bearer: true, errors },
    async (request) => app.services.notifications.unreadCount(await requireViewer(request)),
  );

  route(
    app,
    'markNotificationsRead',
    { tags, summary: 'Marca como leídas todas las notificaciones (o solo las indicadas en ids)', bearer: true, errors },
    async (request) => app.services.notifications.markRead(await requireViewer(request), request.body?.ids),
  );
};
