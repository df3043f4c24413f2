import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../lib/messages.js';
import { pageWithScreen, parseScreenFiles, screenOfPath, type WebScreen } from './web-screens.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page of the app as sent: its bytes, and the same compressed once at start (best ratios, as the build's files). */
interface Page {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

function compressedPage(html: Buffer): Page {
  return {
    identity: html,
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzip: zlib.gzipSync(html, { level: 9 }),
  };
}

/**
 * Serves the built web app. Any GET that is not an API call or a file gets index.html, so the
 * client router takes every route of docs/product.md §2.
 */
export async function registerWebApp(app: FastifyInstance, options: { webDistDir: string }) {
  const indexHtml = path.join(options.webDistDir, 'index.html');
  const indexFile = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml) : null;
  const indexPage = indexFile ? compressedPage(indexFile) : null;
  const hasWebApp = indexPage !== null;
  // The page as sent to open a first screen: index.html naming that screen's files (web-screens.ts).
  const screenPages = new Map<WebScreen, Page>();
  const screensList = path.join(options.webDistDir, '.vite', 'screens.json');
  if (indexFile && fs.existsSync(screensList)) {
    // Only files of this build: a list left from another would name files that are not there.
    const present = (file: string) => fs.existsSync(path.join(options.webDistDir, file));
    for (const [screen, files] of parseScreenFiles(fs.readFileSync(screensList, 'utf8'))) {
      const shown = { scripts: files.scripts.filter(present), styles: files.styles.filter(present) };
      screenPages.set(screen, compressedPage(Buffer.from(pageWithScreen(indexFile.toString('utf8'), screen, shown))));
    }
  }
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes a .br and a .gz beside each file: sent as they are when the browser takes them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        // One URL, several bodies: a cache must key them by the encoding asked for.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  /**
   * The app's page for a request that asks for one (a GET or HEAD of an address that is not the API's,
   * a media file or a built file), marked for its screen when it opens one; false for any other.
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing file (a script of an older build, say) is a 404, never the page: app routes have no
    // dot in their last segment (usernames cannot hold one).
    const looksLikeFile = pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/media/') && !looksLikeFile;
    if (!wantsPage || !indexPage) return false;
    const screen = screenOfPath(pathname);
    const page = (screen && screenPages.get(screen)) ?? indexPage;
    // Compressed as the browser takes it (the not-found handler is outside @fastify/compress's routes).
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : undefined;
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding === 'br' || encoding === 'gzip') void reply.header('content-encoding', encoding).send(page[encoding]);
    else void reply.send(page.identity);
    return true;
  };
  app.decorate('sendWebPage', sendPage);

  app.setNotFoundHandler((request, reply) => {
    if (sendPage(request, reply)) return reply;
    return reply.code(404).send({ success: false, message: messages.routeNotFound });
  });
}
