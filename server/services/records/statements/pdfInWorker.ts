import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { StatementHeader, StatementLine } from './ledgerStatement';
import type { FromWorker, ToWorker } from './pdfWorker';
import type { StatementWords } from './statementWords';

/** A worker drawing a statement has this much heap at most: a bug or a huge row cannot take the server's memory. */
const WORKER_HEAP_MB = 128;

/**
 * A statement's PDF, drawn in a worker thread of its own (pdfWorker.ts), as the bytes of the
 * file: each page of entries is sent to the worker once the bytes of the one before were taken,
 * so the entries in flight, and the bytes, stay one page's worth. The worker runs TypeScript
 * through tsx, as the server does. It ends with the document, or is stopped when the download
 * is abandoned (the consumer stops reading, the generator's finally).
 */
export async function* pdfInWorker(
  header: StatementHeader,
  words: StatementWords,
  pages: AsyncIterable<StatementLine[]>,
): AsyncGenerator<Uint8Array> {
  const worker = new Worker(new URL('./pdfWorker.ts', import.meta.url), {
    workerData: { header, words },
    execArgv: ['--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // Rejects on the worker's 'error' (a crash, its heap exhausted); ends if it exits.
  const answers = on(worker, 'message', { close: ['exit'] })[Symbol.asyncIterator]();
  const next = async (): Promise<FromWorker> => {
    const answer = await answers.next();
    if (answer.done) throw new Error('the statement worker stopped before the document was finished');
    return (answer.value as [FromWorker])[0];
  };
  const send = (message: ToWorker) => worker.postMessage(message);
  try {
    for await (const lines of pages) {
      send({ kind: 'lines', lines });
      yield* (await next()).chunks;
    }
    send({ kind: 'end' });
    yield* (await next()).chunks;
  } finally {
    await answers.return?.();
    await worker.terminate();
  }
}
