import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer, requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const tags = ['vip'];
const PAYMENT_BODY =
  'Cuerpo de pago: con el proveedor de pruebas (sandbox), cardNumber, expiryDate (MM/AA) y cvv — solo tarjetas de prueba: ' +
  '4242 4242 4242 4242 se aprueba, 4000 0000 0000 0002 se rechaza (402 «Tu tarjeta fue rechazada.»), cualquier otra se rechaza como no de prueba. ' +
  'Con CCBill, sin datos de tarjeta: la respuesta trae checkoutUrl, su formulario de pago. ' +
  'Siempre acceptImmediateAccess: true (el acceso empieza de inmediato; sin ello, 400); el acuerdo queda registrado con la compra. ' +
  'Los números de tarjeta y los CVV nunca se guardan ni se registran.';

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'paymentInfo', { tags, summary: 'El proveedor de pagos, si es un modo de prueba, la moneda y la comisión', errors: [] }, async () =>
    app.services.subscriptions.info(),
  );

  route(
    app,
    'vipSettings',
    {
      tags,
      summary: 'Poner precio al VIP propio (céntimos, 299 a 49.999)',
      description: 'Solo cuentas con la identidad verificada y no suspendidas (403 si no).',
      bearer: true,
      errors: [400, 401, 403],
    },
    async (request) => app.services.subscriptions.setVipPrices(await requireViewer(request), request.body),
  );

  route(
    app,
    'userVip',
    { tags, summary: 'La oferta VIP de un creador y la suscripción de quien mira', bearer: true, errors: [400, 404] },
    async (request) => app.services.subscriptions.userVip(await optionalViewer(request), request.params.username),
  );

  route(
    app,
    'subscribe',
    {
      tags,
      summary: 'Suscribirse al VIP de un creador (un mes, renovación mensual)',
      description: `${PAYMENT_BODY} Una suscripción cancelada que aún da acceso se reanuda sin cobrar; una vencida se paga ahora.`,
      bearer: true,
      errors: [400, 401, 402, 403, 404, 409, 429],
      preHandler: rateLimit('payment'),
    },
    async (request) => app.services.subscriptions.subscribe(await requireViewer(request), request.params.username, request.body),
  );

  route(
    app,
    'cancelSubscription',
    { tags, summary: 'Cancelar la suscripción: no se renueva y el acceso sigue hasta el final del periodo pagado', bearer: true, errors: [400, 401, 404] },
    async (request) => app.services.subscriptions.cancel(await requireViewer(request), request.params.username),
  );

  route(
    app,
    'subscriptions',
    { tags, summary: 'Mis suscripciones, la más reciente primero', bearer: true, errors: [400, 401] },
    async (request) => app.services.subscriptions.list(await requireViewer(request), request.query.cursor),
  );

  route(
    app,
    'purchaseStories',
    {
      tags,
      summary: 'Comprar Story: desbloquea las historias VIP activas ahora de un creador, por su precio de historia',
      description: PAYMENT_BODY,
      bearer: true,
      errors: [400, 401, 402, 403, 404, 409, 429],
      preHandler: rateLimit('payment'),
    },
    async (request) => app.services.subscriptions.purchaseStories(await requireViewer(request), request.params.username, request.body),
  );

  route(
    app,
    'accountVerification',
    {
      tags,
      summary: 'Verificación de la cuenta: la insignia de verificado tras la identidad aprobada y el pago único de 1,00 USD',
      description: PAYMENT_BODY,
      bearer: true,
      errors: [400, 401, 402, 403, 409, 429],
      preHandler: rateLimit('payment'),
    },
    async (request) => app.services.subscriptions.verifyAccount(await requireViewer(request), request.body),
  );
};
