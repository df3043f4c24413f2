import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors.js';
import { clientInfo } from '../lib/client-info.js';
import { messages } from '../lib/messages.js';
import type { Viewer } from '../services/auth.service.js';

/** The logged-in viewer of a request, or null for a guest. Resolved once per request. */
export async function optionalViewer(request: FastifyRequest): Promise<Viewer | null> {
  if (request.viewerResolved) return request.viewer;
  const header = request.headers.authorization;
  request.viewer = await request.server.services.auth.authenticate(header, clientInfo(request));
  request.viewerResolved = true;
  return request.viewer;
}

export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await optionalViewer(request);
  if (!viewer) throw new UnauthorizedError(messages.unauthorized);
  return viewer;
}
