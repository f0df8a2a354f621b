import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * A strict CSP for the SPA: own scripts only (inline ones by the hash of their text, the built
 * pages' boot module and nothing else), plus Cloudflare Turnstile's script and
 * frame for the bot check; inline styles for react-toastify; the service worker and the manifest
 * from this origin; never framed. HSTS in production.
 * The rest are helmet's defaults (nosniff, no referrer, same-origin opener and resources, ...).
 */
function securityHeaderOptions(production: boolean, captcha: boolean, inlineScripts: readonly string[]) {
  // The operator console has no bot check: nothing of Cloudflare's may load there.
  const turnstile = captcha ? ['https://challenges.cloudflare.com'] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...turnstile],
        frameSrc: captcha ? turnstile : ["'none'"],
        connectSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest, from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  } as const;
}

/**
 * The headers helmet sets, read once from a stand-in response: they depend on the options alone,
 * never on the request.
 */
function helmetHeaders(options: ReturnType<typeof securityHeaderOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('securityHeaders: helmet did not finish at once');
  return headers;
}

/**
 * The names of every header helmet may set (HSTS among them): those of the widest options.
 */
const SECURITY_HEADERS = Object.keys(helmetHeaders(securityHeaderOptions(true, true, [])));

/**
 * A 304 carries no body: nothing for a policy on how a body is run, sniffed, framed, read across
 * origins or followed to another page to apply to, and RFC 9110 asks a 304 for its validator and
 * cache rules only (ETag, Date, Cache-Control). The 200 it stands for carried them all, HSTS
 * included, as every page, file and other answer still does. Without them, a poll that found
 * nothing new costs a fifth of the bytes (docs/benchmarks.md, "What an open dashboard costs").
 */
export function withoutBodyHeaders(reply: FastifyReply): void {
  for (const name of SECURITY_HEADERS) reply.removeHeader(name);
  reply.removeHeader('content-type');
}

/**
 * Every answer's security headers (helmet's, with the options above). They are the same for
 * every answer, so they are worked out once and set from that list: helmet run per request
 * rebuilt the policy for each answer, a tenth of a poll's time.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  {
    captcha = true,
    inlineScripts = [],
  }: {
    captcha?: boolean;
    /** The `'sha256-…'` sources of the inline scripts the pages hold (http/spa.ts, `inlineScriptSources`). */
    inlineScripts?: readonly string[];
  } = {},
) {
  const headers = helmetHeaders(securityHeaderOptions(production, captcha, inlineScripts));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
