import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../services/auth.service.js';

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** Which proxies in front of the server are believed about the client's address: how many hops, or their addresses. */
export type TrustProxy = number | string[];

// proxy-addr's names for whole ranges (loopback, link-local, unique-local).
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or `0`, no proxy (the socket's address is the client); a positive whole number,
 * that many proxy hops (`1`: one reverse proxy, whose appended X-Forwarded-For entry is the client);
 * otherwise a comma-separated list of the proxies' addresses or CIDR ranges. Never "trust every
 * hop": a client could then write any address into X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (/^\d*$/.test(text)) return Number(text);
  const addresses = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = addresses.filter((entry) => !isAddressOrRange(entry));
  if (addresses.length === 0 || wrong.length > 0) {
    throw new Error(`TRUST_PROXY must be 0, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas (not: ${wrong.join(', ') || text})`);
  }
  return addresses;
}

/**
 * Fastify's trustProxy option for a setting. A hop count becomes proxy-addr's trust function (the
 * socket and the next hops-1 addresses are proxies): given a bare number, this Fastify trusts no hop at all.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(setting)) return setting;
  if (!(setting > 0)) return false;
  return (_address, hop) => hop < setting;
}
