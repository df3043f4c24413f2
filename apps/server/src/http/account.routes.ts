import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { optionalViewer, requireViewer } from './auth-context.js';
import { answerLanguage } from './message-language.js';
import { languageOf } from './message-language.js';
import { route } from './route.js';

/** Largest profile picture accepted, in bytes. The browser sends a cropped JPEG far smaller. */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

const errors = [400, 401, 403, 409, 413, 429] as const;
const tags = ['cuenta'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  route(
    app,
    'updateProfileDetails',
    { tags, summary: 'Cambiar el nombre (máx. 80) y la biografía (máx. 300) del propio perfil', bearer: true, errors },
    async (request) => app.services.account.updateProfileDetails(await requireViewer(request), request.body),
  );

  route(
    app,
    'updateProfilePicture',
    {
      tags,
      summary: 'Cambiar la foto de perfil (multipart, campo profilePicture)',
      description: 'Se comprueban los bytes de la imagen; se guarda cuadrada, sin metadatos, en 96 y 256 px.',
      bearer: true,
      errors,
    },
    async (request) => {
      const viewer = await requireViewer(request);
      if (!request.isMultipart()) throw new ValidationError(messages.pictureMissing);
      const part = await request.file();
      if (!part || part.fieldname !== 'profilePicture') {
        part?.file.resume();
        throw new ValidationError(messages.pictureMissing);
      }
      return app.services.profilePicture.replace(viewer, part.file);
    },
  );

  route(
    app,
    'personalInfo',
    { tags, summary: 'Los datos personales de la propia cuenta', bearer: true, errors: [401] },
    async (request) => app.services.account.personalInfo(await requireViewer(request)),
  );

  // docs/product.md §7 calls it without the /api prefix; the prefixed path is the same call.
  for (const name of ['updatePersonalInfoUnprefixed', 'updatePersonalInfo'] as const) {
    route(
      app,
      name,
      {
        tags,
        summary: 'Cambiar nombre, usuario, correo y teléfono',
        description:
          'Un correo nuevo pide currentPassword (la contraseña actual) y solo cuenta cuando se confirma con el enlace enviado a esa dirección ' +
          '(entonces se cierran las demás sesiones); el correo anterior recibe un aviso. ' +
          'La fecha de nacimiento (dob) no cambia después del registro: se acepta la misma, otra se rechaza.',
        bearer: true,
        errors,
      },
      async (request) => app.services.account.updatePersonalInfo(await requireViewer(request), request.body, request.ip ?? null),
    );
  }

  route(
    app,
    'confirmEmail',
    {
      tags,
      summary: 'Confirmar un correo con el enlace enviado a él (válido 24 horas, de un solo uso)',
      description: 'El del registro queda confirmado; uno nuevo pasa a ser el de la cuenta y se cierran las demás sesiones. No pide sesión: el enlace es la prueba.',
      errors: [400, 409],
    },
    async (request) => app.services.emailConfirmation.confirm(request.body.token),
  );

  route(
    app,
    'resendEmailConfirmation',
    { tags, summary: 'Enviar otra vez el enlace de confirmación (del cambio pendiente, o del correo actual sin confirmar)', bearer: true, errors: [401, 409, 429] },
    async (request) => app.services.emailConfirmation.resend(await requireViewer(request), request.ip ?? null),
  );

  route(
    app,
    'exportAccount',
    {
      tags,
      summary: 'Descargar mis datos: un zip con el perfil, publicaciones, historias (con sus archivos), comentarios, mensajes, seguidos, seguidores, sesiones…',
      description: 'application/zip, escrito a la vez que se envía. Limitado por cuenta y dirección.',
      bearer: true,
      errors: [401, 429],
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const exported = await app.services.accountData.export(viewer, request.ip ?? null, await languageOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exported.fileName}"`)
        .header('cache-control', 'no-store')
        .send(exported.stream);
    },
  );

  route(
    app,
    'deleteAccount',
    {
      tags,
      summary: 'Eliminar la cuenta (con la contraseña actual): sesiones, contenido, seguidores, datos personales y archivos',
      description: 'Los mensajes que intercambió quedan en el historial de la otra persona como «Cuenta eliminada».',
      bearer: true,
      errors: [400, 401, 403, 429],
    },
    async (request) => app.services.accountData.delete(await requireViewer(request), request.body.password),
  );

  route(
    app,
    'usernameCheck',
    { tags, summary: 'Si un nombre de usuario está libre (sin distinguir mayúsculas; el propio cuenta como libre)', errors: [400] },
    async (request) => app.services.account.checkUsername(request.params.username, await optionalViewer(request)),
  );

  route(
    app,
    'changePassword',
    {
      tags,
      summary: 'Cambiar la contraseña: la actual y una nueva con las reglas del registro; se cierran las demás sesiones',
      bearer: true,
      errors: [400, 401, 403, 429],
    },
    async (request) => app.services.account.changePassword(await requireViewer(request), request.body),
  );

  route(
    app,
    'accountSessions',
    { tags, summary: 'Actividad de inicio de sesión: los dispositivos con la sesión abierta, el más reciente primero', bearer: true, errors: [401] },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return app.services.accountSessions.list(viewer, await answerLanguage(request, reply));
    },
  );

  route(
    app,
    'endSession',
    { tags, summary: 'Cerrar una sesión de la cuenta (la actual incluida)', bearer: true, errors: [401, 404] },
    async (request) => app.services.accountSessions.end(await requireViewer(request), request.params.id),
  );

  route(
    app,
    'logoutOtherSessions',
    { tags, summary: 'Cerrar todas las sesiones menos la actual', bearer: true, errors: [401] },
    async (request) => app.services.accountSessions.endOthers(await requireViewer(request)),
  );

  route(
    app,
    'preferences',
    { tags, summary: 'Preferencias: notificaciones, mensajes, interacciones, privacidad, tema e idioma (todo activado por defecto)', bearer: true, errors: [401] },
    async (request) => app.services.preferences.get(await requireViewer(request)),
  );

  route(
    app,
    'updatePreferences',
    {
      tags,
      summary: 'Cambiar preferencias: cualquier parte, cada grupo por separado; el servidor las cumple',
      description:
        'Una notificación desactivada no se crea ni llega en directo; readReceipts desactivado oculta el «Visto» en ambos sentidos; ' +
        'whoCanMessage decide quién puede empezar una conversación; showInSearch desactivado te saca de la búsqueda de personas y de las sugerencias de menciones; ' +
        'activityStatus desactivado no muestra que estás escribiendo. ' +
        'language (es, en, fr o de) es el idioma de los mensajes del servidor y de los correos: cada respuesta está en el idioma elegido por quien ha iniciado sesión; ' +
        'si no eligió ninguno, en el mejor de Accept-Language (con sus valores q); si no, en español.',
      bearer: true,
      errors: [400, 401],
    },
    async (request) => app.services.preferences.update(await requireViewer(request), request.body),
  );

  route(
    app,
    'twoFactorStatus',
    { tags, summary: 'Si la verificación en dos pasos está activada, y cuántos códigos de recuperación quedan', bearer: true, errors: [401] },
    async (request) => app.services.twoFactor.status(await requireViewer(request)),
  );

  route(
    app,
    'twoFactorSetup',
    { tags, summary: 'Configurar la verificación en dos pasos: el secreto, su dirección otpauth:// y el código QR', bearer: true, errors: [401, 409] },
    async (request) => app.services.twoFactor.setup(await requireViewer(request)),
  );

  route(
    app,
    'twoFactorEnable',
    { tags, summary: 'Activarla con el primer código; responde los 10 códigos de recuperación (se muestran una vez)', bearer: true, errors: [400, 401, 409, 429] },
    async (request) => app.services.twoFactor.enable(await requireViewer(request), request.body.code),
  );

  route(
    app,
    'twoFactorDisable',
    { tags, summary: 'Desactivarla: la contraseña y un código (o un código de recuperación)', bearer: true, errors: [400, 401, 403, 409, 429] },
    async (request) => app.services.twoFactor.disable(await requireViewer(request), request.body),
  );
};
