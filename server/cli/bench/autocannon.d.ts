// The part of autocannon's API that server/cli/bench uses (the package ships no types of its own).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each send of this request; answers the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Stop after this many requests instead of after `duration`. */
      amount?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      requests?: Request[];
      /** Leave the result raw, to be merged with other instances' by aggregateResult. */
      skipAggregateResult?: boolean;
    }

    /** What a run with skipAggregateResult answers: counts, and the latencies still encoded. */
    interface RawResult {
      totalCompletedRequests: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      /** Seconds. */
      duration: number;
    }

    interface Result {
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: { average: number; p50: number; p90: number; p99: number; max: number; totalCount: number };
    }

    function aggregateResult(results: RawResult[], options: Pick<Options, 'url' | 'connections'>): Result;
  }

  function autocannon(
    options: autocannon.Options & { skipAggregateResult: true },
  ): Promise<autocannon.RawResult> & EventEmitter;
  function autocannon(options: autocannon.Options): Promise<autocannon.Result> & EventEmitter;

  export = autocannon;
}
