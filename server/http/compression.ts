import compress from '@fastify/compress';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

type RouteCompression = Exclude<RouteShorthandOptions['compress'], false | undefined>;

/**
 * Below this many bytes an answer goes as it is: the encoding's own headers (Content-Encoding,
 * Vary) and framing would take back most of what brotli saves on a short envelope.
 */
export const COMPRESSION_THRESHOLD_BYTES = 512;

const isApiRoute = (url: string) => /^\/(api|dev)\//.test(url);

/** A route's own options replace the plugin's whole (its defaults included), so each route is given these. */
const API_COMPRESSION = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
} satisfies RouteCompression;

/**
 * The API's answers, brotli or gzip as the client accepts (@fastify/compress), above the
 * threshold. The app's files are not its business: `npm run build` writes their brotli and gzip
 * copies (scripts/precompress.mjs) and @fastify/static answers those as they are, so only the
 * routes of /api and /dev are given compression, before any route is added. Request bodies are
 * never decompressed: they are a few fields under a 16 KiB limit, and a compressed one is refused
 * as any other unreadable body.
 */
export async function registerCompression(app: FastifyInstance) {
  // Runs before the plugin's own onRoute hook (added below): it decides which routes compress.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isApiRoute(route.url)) route.compress = { ...API_COMPRESSION };
  });
  await app.register(compress, { global: false, globalDecompression: false, ...API_COMPRESSION });
}
