import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing on the fly: JSON, text, scripts, styles and SVG. Never an event stream
 * (the live channel must reach the client event by event; it is hijacked anyway) and never media or
 * octet streams (pictures and videos are compressed already, and byte ranges must keep their offsets).
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?json\b|application\/(?:java|ecma)script\b|image\/svg\+xml\b)/;

/**
 * Brotli or gzip for API answers and anything else not compressed at build time (the web app's
 * files carry their own .br/.gz, served as they are). Below 1 KiB the headers cost more than the
 * saving. Request bodies are not decompressed: no client of ours sends them compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
  });
}
