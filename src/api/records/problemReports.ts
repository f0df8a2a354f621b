import type {
  CreateProblemReportRequest,
  Envelope,
  FetchProblemReportRequest,
  ProblemReport,
} from '../../../core/contract';
import { callOk } from '../kit/http';

/** The case opened about a transaction, or null when none was. */
export const fetchProblemReport = (
  transactionId: number,
  signal?: AbortSignal,
): Promise<Envelope<ProblemReport | null>> =>
  callOk<ProblemReport | null>(
    '/api/problem-reports/fetch',
    { transaction_id: transactionId } satisfies FetchProblemReportRequest,
    { signal },
  );

export const createProblemReport = (
  request: CreateProblemReportRequest,
  signal?: AbortSignal,
): Promise<Envelope<ProblemReport>> => callOk<ProblemReport>('/api/problem-reports/create', request, { signal });
