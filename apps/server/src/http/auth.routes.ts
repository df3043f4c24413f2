import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignedIn } from '../services/auth.service.js';
import { clientInfo } from '../lib/client-info.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from '../lib/trusted-devices.js';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { languageOf } from './message-language.js';
import { route } from './route.js';

const errors = [400, 401, 409, 429] as const;
const tags = ['cuentas'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'register',
    { tags, summary: 'Crear una cuenta', errors, preHandler: rateLimit('register') },
    async (request, reply) => {
      // Registered in the language the app was used in (Accept-Language): kept as the account's choice.
      const user = await app.services.auth.register(request.body, await languageOf(request));
      return reply.code(201).send({ success: true, message: messages.registered, username: user.username });
    },
  );

  /** A sign-in that succeeded: the device cookie, and the new session as this request's viewer (the media cookie). */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, { deviceCookie, ...session }: SignedIn) {
    // Marks this browser as the account's device: a later login from it is not subject to the
    // lockout that strangers' failures cause (services/auth.service.ts).
    reply.setCookie(DEVICE_COOKIE, deviceCookie.value, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: deviceCookie.maxAgeSeconds,
    });
    request.viewer = await app.services.auth.authenticate(session.token, clientInfo(request));
    request.viewerResolved = true;
    return { success: true as const, message: messages.loggedIn, ...session };
  }

  route(
    app,
    'login',
    {
      tags,
      summary: 'Iniciar sesión',
      description: 'Con la verificación en dos pasos activada responde success: false, twoFactorRequired y un challenge para POST /api/login/2fa, sin token.',
      errors,
    },
    async (request, reply) => {
      const result = await app.services.auth.login(request.body, clientInfo(request), request.cookies[DEVICE_COOKIE]);
      if ('twoFactorRequired' in result) {
        return { success: false as const, twoFactorRequired: true as const, challenge: result.challenge, message: messages.twoFactorRequired };
      }
      return signedIn(request, reply, result);
    },
  );

  route(
    app,
    'loginTwoFactor',
    { tags, summary: 'Segundo paso del inicio de sesión: el código de la app de autenticación o un código de recuperación', errors: [400, 401, 403, 429] },
    async (request, reply) => signedIn(request, reply, await app.services.auth.loginTwoFactor(request.body, clientInfo(request))),
  );

  route(
    app,
    'logout',
    { tags, summary: 'Cerrar la sesión actual', bearer: true, errors: [401] },
    async (request) => {
      const viewer = await requireViewer(request);
      await app.services.auth.logout(viewer);
      // Signed out: the media cookie goes with the session.
      app.mediaSession.forget(viewer.sessionId);
      request.viewer = null;
      return { success: true as const };
    },
  );

  route(
    app,
    'me',
    { tags, summary: 'La cuenta de la sesión actual', bearer: true, errors: [401] },
    async (request) => {
      const viewer = await requireViewer(request);
      const user = await app.services.auth.me(viewer);
      return {
        success: true as const,
        user: {
          id: user.id,
          username: user.username,
          fullName: user.full_name,
          email: user.email,
          emailConfirmed: user.email_confirmed_at !== null,
          profilePictureUrl: mediaUrl(user.avatar_key, 'avatar-256.webp'),
          isVerified: user.is_verified,
          role: user.role,
        },
      };
    },
  );

  route(
    app,
    'forgotPassword',
    {
      tags,
      summary: '¿Olvidaste tu contraseña? Envía un enlace de un solo uso, válido una hora',
      description: 'Responde lo mismo tenga o no cuenta el correo. Limitado por correo y por dirección.',
      errors: [400, 429],
    },
    async (request) => app.services.passwordReset.forgot(request.body.email, request.ip ?? null),
  );

  route(
    app,
    'resetPassword',
    { tags, summary: 'Elegir una contraseña nueva con el enlace del correo; se cierran todas las sesiones', errors: [400] },
    async (request) => app.services.passwordReset.reset(request.body.token, request.body.password),
  );
};
