import fastifyMultipart from '@fastify/multipart';
import { errorResponse, usernameParam } from '@wag/contract/common';
import {
  personalInfoBody,
  personalInfoResponse,
  personalInfoUpdateResponse,
  profileDetailsBody,
  profileDetailsResponse,
  profilePictureResponse,
  usernameCheckResponse,
} from '@wag/contract/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { optionalViewer, requireViewer } from './auth-context.js';

/** Largest profile picture accepted, in bytes. The browser sends a cropped JPEG far smaller. */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 413: errorResponse, 429: errorResponse };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.put(
    '/api/user/profile-details',
    {
      schema: {
        tags: ['cuenta'],
        summary: 'Cambiar el nombre (máx. 80) y la biografía (máx. 300) del propio perfil',
        security: [{ bearer: [] }],
        body: profileDetailsBody,
        response: { 200: profileDetailsResponse, ...errors },
      },
    },
    async (request) => app.services.account.updateProfileDetails(await requireViewer(request), request.body),
  );

  app.put(
    '/api/user/profile-picture',
    {
      schema: {
        tags: ['cuenta'],
        summary: 'Cambiar la foto de perfil (multipart, campo profilePicture)',
        description: 'Se comprueban los bytes de la imagen; se guarda cuadrada, sin metadatos, en 96 y 256 px.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: profilePictureResponse, ...errors },
      },
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

  app.get(
    '/api/user/personal-info',
    {
      schema: {
        tags: ['cuenta'],
        summary: 'Los datos personales de la propia cuenta',
        security: [{ bearer: [] }],
        response: { 200: personalInfoResponse, 401: errorResponse },
      },
    },
    async (request) => app.services.account.personalInfo(await requireViewer(request)),
  );

  // product.md §7 calls it without the /api prefix; the prefixed path is the same call.
  for (const path of ['/user/personal-info', '/api/user/personal-info']) {
    app.put(
      path,
      {
        schema: {
          tags: ['cuenta'],
          summary: 'Cambiar nombre, usuario, correo y teléfono',
          description:
            'Un correo nuevo pide currentPassword (la contraseña actual) y cierra las demás sesiones de la cuenta. ' +
            'La fecha de nacimiento (dob) no cambia después del registro: se acepta la misma, otra se rechaza.',
          security: [{ bearer: [] }],
          body: personalInfoBody,
          response: { 200: personalInfoUpdateResponse, ...errors },
        },
      },
      async (request) => app.services.account.updatePersonalInfo(await requireViewer(request), request.body),
    );
  }

  app.get(
    '/api/username/check/:username',
    {
      schema: {
        tags: ['cuenta'],
        summary: 'Si un nombre de usuario está libre (sin distinguir mayúsculas; el propio cuenta como libre)',
        params: usernameParam,
        response: { 200: usernameCheckResponse, 400: errorResponse },
      },
    },
    async (request) => app.services.account.checkUsername(request.params.username, await optionalViewer(request)),
  );
};
