import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** Where log lines go instead of standard output (the tests read them). */
export type LogStream = { write(line: string): void };

/** Request logs carry no query string: /reset?token=… is a secret. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  remoteAddress: request.ip,
});

/**
 * The customer API's logger (the console's is its child). Production writes one JSON object per
 * line, for a log shipper; so does development when its output goes to a file or a pipe. A
 * person running development in a terminal reads the same lines as text (pino-pretty, in pino's
 * worker thread), formatted after the serializers below have dropped what no line may carry.
 */
export function loggerOptions(config: Config, output: { stream?: LogStream; terminal: boolean }) {
  const options = {
    level: config.logLevel,
    // Request lines carry the method, path and address only: no body (pins, codes, passwords), no header (tokens).
    serializers: { req: requestSerializer },
  };
  if (output.stream) return { ...options, stream: output.stream };
  if (config.production || !output.terminal) return options;
  // A development dependency: production never loads it.
  const pretty = { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' };
  return { ...options, transport: { target: 'pino-pretty', options: pretty } };
}
