import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const creatorTags = ['creador'];
const deskTags = ['moderación'];

/** The creator's dashboard and payout requests, and the admins' payouts desk (issue 15). */
export const creatorRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'creatorDashboard',
    {
      tags: creatorTags,
      summary: 'Mi panel de creador: suscriptores, ingresos por mes, saldo, últimos pagos, mis publicaciones recientes y mis solicitudes de pago',
      description: 'Importes en céntimos de currency. El saldo ya descuenta los pagos solicitados; los meses son de UTC, del más antiguo al actual.',
      bearer: true,
      errors: [401],
    },
    async (request) => app.services.creator.dashboard(await requireViewer(request)),
  );

  route(
    app,
    'requestPayout',
    {
      tags: creatorTags,
      summary: 'Solicitar el pago de parte de mi saldo (amount en céntimos, al menos 100)',
      description: 'Solo cuentas con identidad verificada y no suspendidas (403), hasta el saldo disponible (400). Un administrador lo marca pagado desde el panel de moderación; no hay transferencia automática.',
      bearer: true,
      errors: [400, 401, 403, 429],
      preHandler: rateLimit('payout'),
    },
    async (request, reply) => {
      const result = await app.services.creator.requestPayout(await requireViewer(request), request.body.amount);
      return reply.code(201).send(result);
    },
  );

  route(
    app,
    'payoutsQueue',
    {
      tags: deskTags,
      summary: 'Solicitudes de pago de los creadores: pendientes (las más antiguas primero) o pagadas (las últimas primero), con el saldo actual de cada creador',
      description: 'Solo administradores.',
      bearer: true,
      errors: [400, 401, 403],
    },
    async (request) => app.services.creator.payoutsQueue(await requireViewer(request), request.query.status, request.query.cursor),
  );

  route(
    app,
    'markPayoutPaid',
    {
      tags: deskTags,
      summary: 'Marcar pagada una solicitud de pago (tras hacer la transferencia a mano): una sola vez',
      description: 'Solo administradores. Avisa al creador con una notificación y un correo en su idioma. 409 si ya estaba pagada.',
      bearer: true,
      errors: [401, 403, 404, 409],
    },
    async (request) => app.services.creator.markPaid(await requireViewer(request), request.params.id),
  );
};
