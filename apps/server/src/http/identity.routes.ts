import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { IDENTITY_DOCUMENT_FIELDS, IDENTITY_DOCUMENTS, IDENTITY_FILE_MAX_BYTES, type IdentityDocument } from '@wag/contract/identity-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { requireViewer } from './auth-context.js';
import { rateLimit } from './rate-limit.js';
import { route } from './route.js';

const DOCUMENT_OF_FIELD = new Map(IDENTITY_DOCUMENTS.map((document) => [IDENTITY_DOCUMENT_FIELDS[document], document]));
const deskTags = ['moderación'];
const tags = ['verificación'];
const deskErrors = [400, 401, 403, 404] as const;

/** Identity verification: the person's request and status, and the desk's Identidad queue. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    // Three images and the date of birth; each image bounded (a larger one is refused with 413).
    limits: { fileSize: IDENTITY_FILE_MAX_BYTES, files: 3, fields: 4, fieldSize: 100, parts: 8 },
  });

  route(
    app,
    'identityVerification',
    {
      tags,
      summary: 'Enviar documentos de identidad: multipart con dob (AAAA-MM-DD), idFront, idBack y selfie (tres imágenes)',
      description:
        'Cada archivo se cifra (AES-256-GCM) a medida que llega y debe ser una imagen por sus bytes (15 MB como máximo). ' +
        'Una fecha de nacimiento distinta de la de la cuenta se acepta y se marca para el moderador. ' +
        'Una solicitud pendiente a la vez (409); tras un rechazo se puede enviar otra; tras una aprobación, ninguna.',
      bearer: true,
      errors: [400, 401, 409, 413, 429],
      preHandler: rateLimit('identityVerification'),
    },
    async (request) => {
      const viewer = await requireViewer(request);
      // Refused before any file is received: one pending request at a time, none after an approval.
      await app.services.identity.assertCanSubmit(viewer);
      if (!request.isMultipart()) throw new ValidationError(messages.identityDocumentsRequired);
      const documents: Partial<Record<IdentityDocument, string>> = {};
      let dob: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const document = DOCUMENT_OF_FIELD.get(part.fieldname);
            if (!document || documents[document]) {
              part.file.resume();
              continue;
            }
            documents[document] = await app.services.identity.receiveDocument(part.file);
          } else if (part.fieldname === 'dob' && typeof part.value === 'string') {
            dob = part.value;
          }
        }
      } catch (error) {
        await app.services.identity.discard(Object.values(documents));
        throw error;
      }
      return app.services.identity.submit(viewer, { dob, documents });
    },
  );

  route(
    app,
    'verificationStatus',
    {
      tags,
      summary: 'Estado de mis verificaciones: identidad (none, pending, approved, rejected con su motivo) y cuenta (none, active)',
      bearer: true,
      errors: [401],
    },
    async (request) => app.services.identity.status(await requireViewer(request)),
  );

  route(
    app,
    'identityQueue',
    {
      tags: deskTags,
      summary: 'Cola «Identidad»: solicitudes pendientes, primero las de fecha de nacimiento distinta, después las más antiguas',
      description: 'Solo moderadores y administradores.',
      bearer: true,
      errors: deskErrors,
    },
    async (request) => app.services.identity.queue(await requireViewer(request), request.query.cursor),
  );

  route(
    app,
    'identityRequest',
    { tags: deskTags, summary: 'Una solicitud de verificación de identidad', description: 'Solo moderadores y administradores.', bearer: true, errors: deskErrors },
    async (request) => app.services.identity.request(await requireViewer(request), request.params.id),
  );

  route(
    app,
    'identityDocument',
    {
      tags: deskTags,
      summary: 'Una imagen de una solicitud (front, back o selfie), descifrada',
      description: 'Solo moderadores y administradores, con el token; nunca se guarda en caché ni la sirve la ruta /media.',
      bearer: true,
      errors: deskErrors,
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { bytes, contentType } = await app.services.identity.document(viewer, request.params.id, request.params.document);
      return reply
        .header('content-type', contentType)
        .header('content-length', bytes.length)
        .header('content-disposition', `inline; filename="${request.params.document}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from([bytes]));
    },
  );

  route(
    app,
    'identityDecision',
    {
      tags: deskTags,
      summary: 'Aprobar o rechazar una solicitud de verificación de identidad (el rechazo lleva motivo)',
      description: 'Solo moderadores y administradores, nunca sobre su propia solicitud. Se avisa a la persona con una notificación y un correo.',
      bearer: true,
      errors: [...deskErrors, 409],
    },
    async (request) => app.services.identity.decide(await requireViewer(request), request.params.id, request.body),
  );
};
