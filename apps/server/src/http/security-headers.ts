import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { strictTransportSecurity } from 'helmet';

export interface SecurityHeadersOptions {
  /** The built web app: its index.html decides which inline scripts may run. */
  webDistDir: string;
  /** Another origin media comes from (S3, a CDN), when there is one. */
  mediaOrigin: string | undefined;
}

/**
 * A `'sha256-…'` source for every inline script of a page, so a script written into index.html
 * (a theme applied before the first paint, say) runs without opening the policy to any other.
 * A pattern is enough for the one page Vite writes; line ends are normalised as the browser's
 * HTML parser does before it hashes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const text = body.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Exactly what the web app loads: its own scripts and styles (React's `style={{}}` writes CSSOM
 * properties, which a policy does not govern), pictures from data: and blob: URLs (previews of a
 * file being uploaded), videos from blob: URLs, the API and live channel on this origin, and media
 * from the configured storage origin.
 */
export function appContentSecurityPolicy(options: { scriptHashes: string[]; mediaOrigin: string | undefined }): Record<string, string[]> {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...options.scriptHashes],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...media],
    mediaSrc: ["'self'", 'blob:', ...media],
    connectSrc: ["'self'", ...media],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The API's own page (Swagger UI at /api/docs) styles its pieces with inline styles: it gets this
 * policy of its own (through @fastify/swagger-ui's staticCSP) instead of the app's being loosened.
 */
export const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every response (pages, API, media, errors, 404s and the live stream: helmet
 * writes them on the raw response when the request arrives; an address the router cannot read is
 * answered before any hook, so its answer writes them itself, error-handler.ts). HSTS only when the request came over
 * TLS (directly, or through a trusted proxy's X-Forwarded-Proto): on plain http it would be ignored
 * at best, and a development machine must never be told to insist on https.
 *
 * helmet's middleware is made once, here: @fastify/helmet made it again on every request (parsing
 * the policy's directives each time: about 4 % of the CPU of GET /api/me under load). No route
 * changes these headers, so the plugin's per-route options and reply.helmet were never used.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const indexHtml = path.join(options.webDistDir, 'index.html');
  const scriptHashes = fs.existsSync(indexHtml) ? inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8')) : [];
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: appContentSecurityPolicy({ scriptHashes, mediaOrigin: options.mediaOrigin }),
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const hsts = strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: true });
  const write = (request: FastifyRequest, reply: FastifyReply) => {
    // Both write their headers and call back at once; an error in them is thrown, as before.
    headers(request.raw, reply.raw, () => {});
    if (request.protocol === 'https') hsts(request.raw, reply.raw, () => {});
  };
  // Also for what the router answers before any hook runs (an address it cannot read: error-handler.ts).
  app.decorate('writeSecurityHeaders', write);
  app.addHook('onRequest', (request, reply, done) => {
    write(request, reply);
    done();
  });
}
