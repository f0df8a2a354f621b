import { FetchError, ofetch } from 'ofetch';
import type { Envelope } from '../../../core/contract';
import type {
  AuditEntry,
  AuditFilter,
  ConsoleCase,
  ConsoleTransaction,
  CustomerHit,
  ConsoleProduct,
  CustomerPage,
  EnrolmentDone,
  EnrolmentSecret,
  Glance,
  LateBills,
  MoneyRequest,
  NewMoneyRequest,
  ReconciliationItem,
  SignInAnswer,
  StaffProfile,
  StaffChange,
  StaffMember,
  StaffOutcome,
  StaffRole,
  SuspendedTransfer,
} from '../../../core/console';
import type { Passkey, PasskeyCeremony } from '../../../core/passkeys';
import { createPasskey, answerWithPasskey } from '../kit/webauthn';

/**
 * The console's client of `/ops/api/*`: its session, its one request and every call. Its session
 * lives in this tab's sessionStorage under the console's own origin (its own port): the customer
 * app's origin can never read it, and closing the tab ends it on this device. Sent as a bearer
 * token, never as a cookie: no other page can make the browser send it.
 */

const TOKEN_KEY = 'console_token';
const STAFF_KEY = 'console_staff';

const client = ofetch.create({ method: 'POST', headers: { Accept: 'application/json' }, retry: 0 });

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function keepSession(answer: SignInAnswer): void {
  tabStorage()?.setItem(TOKEN_KEY, answer.token);
  tabStorage()?.setItem(STAFF_KEY, JSON.stringify({ ...answer.staff, stage: answer.stage }));
}

/** The signed-in staff member of this tab, or null (signed out, or signing in is not finished). */
export function signedInStaff(): StaffProfile | null {
  try {
    const stored = JSON.parse(tabStorage()?.getItem(STAFF_KEY) ?? 'null') as (StaffProfile & { stage: string }) | null;
    return stored && stored.stage === 'signed-in'
      ? { id: stored.id, email: stored.email, name: stored.name, role: stored.role }
      : null;
  } catch {
    return null;
  }
}

export function forgetSession(): void {
  tabStorage()?.removeItem(TOKEN_KEY);
  tabStorage()?.removeItem(STAFF_KEY);
}

/** A refusal or failure, with the server's message (or what to do when there was no answer). */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }

  /** The session is over (expired, revoked, signed out elsewhere): sign in again. */
  get sessionEnded(): boolean {
    return this.status === 401;
  }
}

const UNREACHABLE = 'The console could not reach the server. Check your connection (VPN, tunnel) and try again.';

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Calls `listener` whenever a call with the stored session is refused for it (401). */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => void sessionEndedListeners.delete(listener);
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'type' in value && 'message' in value;

/**
 * POSTs to `/ops/api/<path>` with the tab's session; resolves with the envelope's data, rejects
 * with a ConsoleError.
 */
export async function opsCall<T>(
  path: string,
  body: object = {},
  signal?: AbortSignal,
): Promise<{ message: string; data: T }> {
  const token = tabStorage()?.getItem(TOKEN_KEY);
  let answer: unknown;
  try {
    answer = await client<unknown>(`/ops/api/${path}`, {
      body,
      signal,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof FetchError && isEnvelope(error.data)) {
      const status = error.status ?? 500;
      if (status === 401 && token) sessionEndedListeners.forEach((listener) => listener());
      throw new ConsoleError(error.data.message, status);
    }
    throw new ConsoleError(UNREACHABLE, 0);
  }
  if (!isEnvelope(answer) || answer.type !== 'success')
    throw new ConsoleError(isEnvelope(answer) ? answer.message : UNREACHABLE, 0);
  return { message: answer.message, data: answer.data as T };
}

/** Every call of the console's API, by what it does (server/console/routes). */

type Signal = AbortSignal | undefined;

/** A step of signing in: the tab keeps the session it answers (half-open until the second factor). */
async function signingIn<T extends SignInAnswer>(path: string, body: object, signal: Signal): Promise<T> {
  const { data } = await opsCall<T>(path, body, signal);
  keepSession(data);
  return data;
}

export const signIn = (body: { email: string; password: string }, signal?: Signal) =>
  signingIn<SignInAnswer>('sign-in', body, signal);
export const submitCode = (code: string, signal?: Signal) => signingIn<SignInAnswer>('sign-in/code', { code }, signal);
export const acceptInvitation = (body: { invitation: string; password: string }, signal?: Signal) =>
  signingIn<SignInAnswer>('invitation/accept', body, signal);
export const startEnrolment = (signal?: Signal) => opsCall<EnrolmentSecret>('enrolment/start', {}, signal);
export const confirmEnrolment = (code: string, signal?: Signal) =>
  signingIn<EnrolmentDone>('enrolment/confirm', { code }, signal);
export const signOut = () => opsCall<void>('sign-out');

export const glance = (signal?: Signal) => opsCall<Glance>('glance', {}, signal);
export const runLedgerAudit = (signal?: Signal) => opsCall<Glance['ledger_audit']>('glance/audit', {}, signal);

export const searchCustomers = (query: string, signal?: Signal) =>
  opsCall<CustomerHit[]>('customers/search', { query }, signal);
export const customerPage = (customerId: number, signal?: Signal) =>
  opsCall<CustomerPage>('customers/view', { customer_id: customerId }, signal);
export const revokeCustomerSessions = (customerId: number, sessionId: number | null, signal?: Signal) =>
  opsCall<{ ended: number }>('customers/revoke-sessions', { customer_id: customerId, session_id: sessionId }, signal);
export const requeryBill = (transactionId: number, signal?: Signal) =>
  opsCall<ConsoleTransaction>('customers/requery', { transaction_id: transactionId }, signal);
export const decideAddress = (body: { customer_id: number; verified: boolean; note: string }, signal?: Signal) =>
  opsCall<unknown>('customers/address-decision', body, signal);

export const listCases = (all: boolean, signal?: Signal) => opsCall<ConsoleCase[]>('cases/list', { all }, signal);
export const reviewCase = (caseNumber: string, signal?: Signal) =>
  opsCall<ConsoleCase>('cases/review', { case_number: caseNumber }, signal);
export const resolveCase = (caseNumber: string, note: string, signal?: Signal) =>
  opsCall<ConsoleCase>('cases/resolve', { case_number: caseNumber, note }, signal);

export const suspenseQueue = (signal?: Signal) => opsCall<SuspendedTransfer[]>('suspense/list', {}, signal);
export const moneyRequests = (signal?: Signal) => opsCall<MoneyRequest[]>('money/requests/list', {}, signal);
export const requestMoney = (request: NewMoneyRequest, signal?: Signal) =>
  opsCall<MoneyRequest>('money/requests/create', request, signal);
export const approveMoney = (requestId: number, code: string, signal?: Signal) =>
  opsCall<MoneyRequest>('money/requests/approve', { request_id: requestId, code }, signal);
export const rejectMoney = (requestId: number, note: string, signal?: Signal) =>
  opsCall<MoneyRequest>('money/requests/reject', { request_id: requestId, note }, signal);
export const cancelMoney = (requestId: number, signal?: Signal) =>
  opsCall<MoneyRequest>('money/requests/cancel', { request_id: requestId }, signal);

export const reconciliationQueue = (signal?: Signal) =>
  opsCall<ReconciliationItem[]>('reconciliation/list', {}, signal);
export const lateBills = (signal?: Signal) => opsCall<LateBills>('late-bills/list', {}, signal);
export const workReconciliation = (
  body: { kind: ReconciliationItem['kind']; id: number; status: 'acknowledged' | 'resolved'; note: string },
  signal?: Signal,
) => opsCall<ReconciliationItem>('reconciliation/work', body, signal);

export const listProducts = (signal?: Signal) => opsCall<ConsoleProduct[]>('products/list', {}, signal);
export const pauseProduct = (providerId: number, reason: string, signal?: Signal) =>
  opsCall<ConsoleProduct>('products/pause', { provider_id: providerId, reason }, signal);
export const resumeProduct = (providerId: number, note: string, signal?: Signal) =>
  opsCall<ConsoleProduct>('products/resume', { provider_id: providerId, note }, signal);

export const listStaff = (signal?: Signal) => opsCall<StaffMember[]>('staff/list', {}, signal);
export const createStaff = (body: { email: string; name: string; role: StaffRole }, signal?: Signal) =>
  opsCall<StaffOutcome>('staff/create', body, signal);
export const updateStaff = (body: { staff_id: number; role?: StaffRole; disabled?: boolean }, signal?: Signal) =>
  opsCall<StaffOutcome>('staff/update', body, signal);
export const resetStaff = (staffId: number, signal?: Signal) =>
  opsCall<StaffOutcome>('staff/reset', { staff_id: staffId }, signal);
export const staffChanges = (signal?: Signal) => opsCall<StaffChange[]>('staff/changes/list', {}, signal);
export const approveStaffChange = (changeId: number, code: string, signal?: Signal) =>
  opsCall<StaffOutcome>('staff/changes/approve', { change_id: changeId, code }, signal);
export const rejectStaffChange = (changeId: number, note: string, signal?: Signal) =>
  opsCall<StaffChange>('staff/changes/reject', { change_id: changeId, note }, signal);
export const cancelStaffChange = (changeId: number, signal?: Signal) =>
  opsCall<StaffChange>('staff/changes/cancel', { change_id: changeId }, signal);
export const listAudit = (filter: AuditFilter, signal?: Signal) => opsCall<AuditEntry[]>('audit/list', filter, signal);

// ── Passkeys (the console's phishing-resistant second factor) ────────────────────────────────

/** A passkey ceremony of this tab's session: the server's challenge, then the phone's screen lock. */
async function passkeyAnswer(startPath: string, signal: Signal) {
  const { data } = await opsCall<PasskeyCeremony>(startPath, {}, signal);
  return { ceremony: data.ceremony, response: await answerWithPasskey(data) };
}

export const listPasskeys = (signal?: Signal) => opsCall<Passkey[]>('passkeys/list', {}, signal);
export async function addPasskey(name: string, signal?: Signal) {
  const { data } = await opsCall<PasskeyCeremony>('passkeys/add/start', {}, signal);
  const response = await createPasskey(data);
  return opsCall<Passkey>('passkeys/add', { ceremony: data.ceremony, response, name }, signal);
}
export const removePasskey = (passkeyId: number, signal?: Signal) =>
  opsCall<void>('passkeys/remove', { passkey_id: passkeyId }, signal);
export const signInWithPasskey = async (signal?: Signal) =>
  signingIn<SignInAnswer>('sign-in/passkey', await passkeyAnswer('sign-in/passkey/start', signal), signal);
/** A maker's or checker's re-authentication with a passkey, in place of the code. */
export const confirmWithPasskey = (signal?: Signal) => passkeyAnswer('passkeys/confirm/start', signal);
export const approveMoneyWithPasskey = async (requestId: number, signal?: Signal) =>
  opsCall<MoneyRequest>(
    'money/requests/approve',
    { request_id: requestId, passkey: await confirmWithPasskey(signal) },
    signal,
  );
