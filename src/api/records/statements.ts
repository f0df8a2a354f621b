import type { Envelope, StatementDownloadRequest, StatementRequest, StatementSummary } from '../../../core/contract';
import { ApiError, CallFailure, callOk } from '../kit/http';
import { readToken } from '../kit/storage';

export const fetchStatementSummary = (
  request: StatementRequest,
  signal?: AbortSignal,
): Promise<Envelope<StatementSummary>> => callOk<StatementSummary>('/api/statements/summary', request, { signal });

const FILE_NAME = /filename="([^"]+)"/;

/**
 * Downloads a statement file and hands it to the browser to save. The session travels in the
 * Authorization header of a POST, as with every call; a link carrying the token would leave it
 * in the history, the logs of any proxy and the Referer of the next page. A refusal comes back
 * as the usual envelope and rejects with its message.
 */
export async function downloadStatement(request: StatementDownloadRequest, signal?: AbortSignal): Promise<string> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${import.meta.env?.VITE_API_URL ?? ''}/api/statements/download`, {
      method: 'POST',
      signal,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(request),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CallFailure('unreachable', { cause: error });
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').startsWith('application/json')) {
    let envelope: Envelope;
    try {
      envelope = (await response.json()) as Envelope;
    } catch (error) {
      throw new CallFailure('unreadable', { cause: error });
    }
    throw new ApiError(envelope);
  }
  const name = FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `statement.${request.format}`;
  saveFile(await response.blob(), name);
  return name;
}

/** The browser's own download of a file made in the page. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
