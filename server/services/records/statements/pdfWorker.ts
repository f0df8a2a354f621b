import { parentPort, workerData } from 'node:worker_threads';
import { must } from '../../../errors';
import type { StatementHeader, StatementLine } from './ledgerStatement';
import { startStatementPdf } from './statementPdf';
import type { StatementWords } from './statementWords';

/**
 * The worker thread that draws a statement's PDF (pdfInWorker.ts starts it): drawing thousands
 * of rows is seconds of CPU that must not stop the server's event loop. It is sent the entries
 * a page at a time and answers each page with the bytes pdfkit has finished since the last one.
 */
export type ToWorker = { kind: 'lines'; lines: StatementLine[] } | { kind: 'end' };
export type FromWorker = { kind: 'drawn'; chunks: Uint8Array[] } | { kind: 'ended'; chunks: Uint8Array[] };

const port = must(parentPort, 'this module runs only as the worker pdfInWorker.ts starts');
let pending: Uint8Array[] = [];
const take = () => {
  const chunks = pending;
  pending = [];
  return chunks;
};
const { header, words } = workerData as { header: StatementHeader; words: StatementWords };
const pdf = startStatementPdf(header, words, (chunk) => pending.push(chunk));

port.on('message', (message: ToWorker) => {
  if (message.kind === 'lines') {
    pdf.draw(message.lines);
    port.postMessage({ kind: 'drawn', chunks: take() } satisfies FromWorker);
    return;
  }
  void pdf.end().then(() => port.postMessage({ kind: 'ended', chunks: take() } satisfies FromWorker));
});
