import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../lib/client-info.js';
import { DEVICE_COOKIE } from '../lib/trusted-devices.js';
import { requireViewer } from './auth-context.js';
import { route } from './route.js';

const tags = ['moderación'];

export const appealsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'createAppeal',
    {
      tags,
      summary: 'Apelar (una sola vez) la retirada de mi contenido: el caso vuelve a revisión como escalado',
      bearer: true,
      errors: [400, 401, 404, 409],
    },
    async (request, reply) => reply.code(201).send(await app.services.moderation.appeal(await requireViewer(request), request.body)),
  );

  route(
    app,
    'appealSuspension',
    {
      tags,
      summary: 'Apelar (una sola vez) la suspensión de mi cuenta con mi correo y mi contraseña, ya que no puedo iniciar sesión',
      description: 'El correo y la contraseña se comprueban y se limitan como en el inicio de sesión.',
      errors: [400, 401, 409, 429],
    },
    async (request, reply) =>
      reply.code(201).send(await app.services.moderation.appealSuspension(request.body, clientInfo(request), request.cookies[DEVICE_COOKIE])),
  );
};
