import { Readable } from 'node:stream';
import type { StatementDownloadRequest } from '../../../../core/contract';
import type { AppContext } from '../../context';
import { claimAccountDocument, type DocumentSlots } from './documentSlots';
import { assertDocumentSize, readStatement, statementLines } from './ledgerStatement';
import { pdfInWorker } from './pdfInWorker';
import { statementCsv } from './statementCsv';
import { statementWords } from './statementWords';
import { currentLocale } from '../../../i18n';

export interface StatementDocument {
  fileName: string;
  contentType: string;
  /** The file, made as it is read; the claims it holds are released when it closes, finished or not. */
  body: Readable;
}

/**
 * A statement file of the user's wallet: refused before any work when its period holds more
 * entries than a document can (422), while another of the account's is being made (429), or
 * when the process's slots and queue are full (503). Then read from the ledger a page at a time
 * and written as CSV here, or drawn as PDF in a worker thread.
 */
export async function openStatementDocument(
  ctx: AppContext,
  slots: DocumentSlots,
  userId: bigint,
  request: StatementDownloadRequest,
): Promise<StatementDocument> {
  const statement = await readStatement(ctx, userId, request.from, request.to);
  assertDocumentSize(statement);
  const releaseAccount = await claimAccountDocument(ctx, userId);
  let releaseSlot: () => void;
  try {
    releaseSlot = await slots.acquire();
  } catch (error) {
    await releaseAccount();
    throw error;
  }
  let released: Promise<void> | undefined;
  const release = () => (released ??= (releaseSlot(), releaseAccount()));
  // Said now, in the request's language: the file is made as it is read, after the request's work.
  const words = statementWords(request.from, request.to, statement.generatedAt);
  const pages = statementLines(ctx, statement, currentLocale());
  const bytes: AsyncIterable<string | Uint8Array> =
    request.format === 'csv' ? statementCsv(statement, words, pages) : pdfInWorker(statement, words, pages);
  const body = Readable.from(releasedAtEnd(bytes, release));
  // A file abandoned by the client before its generator started still frees its claims.
  body.once('close', () => void release());
  return {
    fileName: `naira-wallet-statement-${request.from}-to-${request.to}.${request.format}`,
    contentType: request.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
    body,
  };
}

/**
 * The file's bytes, then its claims released before the last byte is sent: a client that asks for
 * the next statement as soon as one has arrived finds the account free, never "still being prepared".
 */
async function* releasedAtEnd<T>(bytes: AsyncIterable<T>, release: () => Promise<void>): AsyncGenerator<T> {
  try {
    yield* bytes;
  } finally {
    await release();
  }
}
