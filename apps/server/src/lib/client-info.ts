import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../services/auth.service.js';

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
