import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Metrics } from '../metrics';

export const METRICS_PATH = '/metrics';

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus' scrape of the metrics (text exposition format). They describe traffic and money
 * flows, so production keeps them from the public: on METRICS_PORT (a listener of its own, on
 * METRICS_HOST: loopback unless the operator names a private interface), and on the public port
 * only with `Authorization: Bearer METRICS_TOKEN`; with neither, not at all. Development serves
 * them openly.
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: Metrics,
  config: Pick<Config, 'production' | 'metrics'>,
) {
  const { port, token } = config.metrics;
  if (!config.production || token) {
    // Hidden from the API document: it is the operator's, not the clients'.
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (config.production) {
        const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
        // Production serves this route only with a token (above); without one it would refuse all.
        if (!given || !token || !sameSecret(given, token)) {
          return reply.code(401).header('WWW-Authenticate', 'Bearer').send('metrics: bearer token required\n');
        }
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  if (port === undefined) return;

  let server: Server | undefined;
  app.addHook('onReady', async () => {
    const listening = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404).end();
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject).listen(port, config.metrics.host, resolve);
    });
    app.log.info(`metrics: ${METRICS_PATH} on ${config.metrics.host} port ${port}`);
  });
  app.addHook('onClose', async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
}
