import { loginBody, loginResponse, meResponse, registerBody, registerResponse } from '@wag/contract/auth';
import { errorResponse, okResponse } from '@wag/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../lib/client-info.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from '../lib/trusted-devices.js';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';

const errors = { 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/register',
    { preHandler: rateLimit('register'), schema: { tags: ['cuentas'], summary: 'Crear una cuenta', body: registerBody, response: { 201: registerResponse, ...errors } } },
    async (request, reply) => {
      const user = await app.services.auth.register(request.body);
      return reply.code(201).send({ success: true, message: messages.registered, username: user.username });
    },
  );

  app.post(
    '/api/login',
    { schema: { tags: ['cuentas'], summary: 'Iniciar sesión', body: loginBody, response: { 200: loginResponse, ...errors } } },
    async (request, reply) => {
      const { deviceCookie, ...session } = await app.services.auth.login(request.body, clientInfo(request), request.cookies[DEVICE_COOKIE]);
      // Marks this browser as the account's device: a later login from it is not subject to the
      // lockout that strangers' failures cause (services/auth.service.ts).
      reply.setCookie(DEVICE_COOKIE, deviceCookie.value, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: deviceCookie.maxAgeSeconds,
      });
      // The new session is this request's viewer from here on: its answer carries the media cookie.
      request.viewer = await app.services.auth.authenticate(session.token, clientInfo(request));
      request.viewerResolved = true;
      return { success: true as const, message: messages.loggedIn, ...session };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['cuentas'], summary: 'Cerrar la sesión actual', security: [{ bearer: [] }], response: { 200: okResponse, 401: errorResponse } } },
    async (request) => {
      const viewer = await requireViewer(request);
      await app.services.auth.logout(viewer);
      // Signed out: the media cookie goes with the session.
      app.mediaSession.forget(viewer.sessionId);
      request.viewer = null;
      return { success: true as const };
    },
  );

  app.get(
    '/api/me',
    { schema: { tags: ['cuentas'], summary: 'La cuenta de la sesión actual', security: [{ bearer: [] }], response: { 200: meResponse, 401: errorResponse } } },
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
          profilePictureUrl: mediaUrl(user.avatar_key, 'avatar-256.webp'),
          isVerified: user.is_verified,
        },
      };
    },
  );
};
