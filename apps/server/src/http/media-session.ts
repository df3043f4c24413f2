import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isUuid } from '../lib/uuid.js';

/**
 * Images and videos load through <img> and <video>, which cannot send the bearer token: the media
 * route knows its viewer by an HttpOnly cookie instead, scoped to /media, naming the session and
 * signed with the app secret. Any API call that identifies a viewer keeps it in step with the token
 * the web app holds (set when missing or for another session, cleared for a guest); logout clears it.
 */
export const MEDIA_COOKIE = 'wag_media';
const COOKIE_PATH = '/media';
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** How long a session found valid is trusted before being looked up again (a logout ends it within this). */
const SESSION_TTL_MS = 30_000;

export function mediaCookieValue(secret: string, sessionId: string): string {
  const signature = createHmac('sha256', secret).update(`media:${sessionId}`).digest('base64url');
  return `${sessionId}.${signature}`;
}

/** The session a media cookie names, when its signature holds. */
export function sessionOfMediaCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const [sessionId = '', signature = ''] = value.split('.', 2);
  if (!isUuid(sessionId)) return null;
  const expected = Buffer.from(mediaCookieValue(secret, sessionId).slice(sessionId.length + 1));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : null;
}

export function registerMediaSession(
  app: FastifyInstance,
  options: { secret: string; userOfSession: (sessionId: string) => Promise<string | undefined> },
) {
  const sessions = new LRUCache<string, { userId: string | null; until: number }>({ max: 20_000 });
  /**
   * Each session's cookie value, signed once: every answer to a signed-in request compares the cookie
   * it came with to this (an HMAC per request was about 1 % of a signed-in call's CPU in the profiles).
   * The value depends on the session id and the process's secret only.
   */
  const cookieValues = new LRUCache<string, string>({ max: 20_000 });
  const cookieValueOf = (sessionId: string): string => {
    let value = cookieValues.get(sessionId);
    if (value === undefined) {
      value = mediaCookieValue(options.secret, sessionId);
      cookieValues.set(sessionId, value);
    }
    return value;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.viewerResolved) return payload;
    const current = request.cookies[MEDIA_COOKIE];
    if (request.viewer) {
      const wanted = cookieValueOf(request.viewer.sessionId);
      if (current !== wanted) {
        reply.setCookie(MEDIA_COOKIE, wanted, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: COOKIE_MAX_AGE_S,
        });
      }
    } else if (current !== undefined) {
      reply.clearCookie(MEDIA_COOKIE, { path: COOKIE_PATH });
    }
    return payload;
  });

  return {
    /** Forgets a session this process knew (logout), so its media cookie stops working at once here. */
    forget(sessionId: string): void {
      sessions.delete(sessionId);
    },

    /** The account a media request comes from, or null for a guest (no cookie, a bad one, an ended session). */
    async viewerOf(request: FastifyRequest): Promise<string | null> {
      const sessionId = sessionOfMediaCookie(options.secret, request.cookies[MEDIA_COOKIE]);
      if (!sessionId) return null;
      const now = Date.now();
      const known = sessions.get(sessionId);
      if (known && known.until > now) return known.userId;
      const userId = (await options.userOfSession(sessionId)) ?? null;
      sessions.set(sessionId, { userId, until: now + SESSION_TTL_MS });
      return userId;
    },
  };
}

export type MediaSession = ReturnType<typeof registerMediaSession>;
