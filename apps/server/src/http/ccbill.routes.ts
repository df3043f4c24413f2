import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ForbiddenError, NotFoundError } from '../lib/errors.js';
import { secretMatches, sourceChecker } from '../payments/ccbill.js';
import { route } from './route.js';

/**
 * CCBill's webhooks (docs/decisions/0020-ccbill.md). CCBill signs nothing; it documents the address
 * ranges it posts from. A post is believed when its address carries WAG's webhook secret (compared
 * in constant time) and it comes from those ranges (request.ip: the socket's address, or the client
 * named by trusted proxies, TRUST_PROXY). Anything else is refused before its body is read; a
 * believed post answers 200 once applied (or recorded), so CCBill stops sending it.
 */
export const ccbillRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.payments.ccbill;
  const fromCcbill = sourceChecker(settings?.webhookSources ?? []);

  // CCBill's "URL Encoded" format (the original one) posts a form; its documentation names the type
  // application/x-www-form-encoded, so that spelling is read too. Scoped to this plugin's route.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'application/x-www-form-encoded'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onRequest', async (request) => {
    if (!settings) throw new NotFoundError();
    const { secret } = request.params as { secret?: string };
    if (!secretMatches(secret ?? '', settings.webhookSecret) || !fromCcbill(request.ip)) {
      request.log.warn({ ip: request.ip }, 'CCBill webhook refused');
      throw new ForbiddenError();
    }
  });

  route(
    app,
    'ccbillWebhook',
    {
      tags: ['pagos'],
      summary: 'Avisos de CCBill (ventas, renovaciones, cancelaciones, reembolsos, contracargos)',
      description:
        'Solo para CCBill: la dirección lleva el secreto de WAG y la petición debe venir de las direcciones que CCBill documenta. ' +
        'Cada aviso se aplica una vez (por su transacción) y en cualquier orden; un aviso repetido no cambia nada.',
      errors: [400, 403, 404],
    },
    async (request) => {
      await app.services.processorEvents.receive(request.query.eventType, request.body);
      return { success: true as const };
    },
  );
};
