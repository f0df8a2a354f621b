/**
 * The operator console's contract (server/console ⇄ src/{ui,machines,api}/console): staff roles and what each may
 * do, and the request and response shapes of `/ops/api/*`. Types and constants only. Amounts are
 * naira, times ISO text, as in the customer contract.
 */
import type { Limits } from './contract';

/**
 * support: read, work cases, requery; finance: support's rights plus money actions; admin:
 * finance's plus staff management.
 */
export type StaffRole = 'support' | 'finance' | 'admin';
export const STAFF_ROLES: readonly StaffRole[] = ['support', 'finance', 'admin'];

const RANK: Record<StaffRole, number> = { support: 1, finance: 2, admin: 3 };

/**
 * Everything a staff member can be allowed to do, each with the least role that may. The server
 * checks it on every call (a route without one is refused at start: deny by default); the
 * console only uses it to hide what would be refused anyway.
 */
export const PERMISSIONS = {
  'customers.read': 'support',
  'customers.sessions': 'support',
  'customers.requery': 'support',
  'customers.address': 'support',
  'cases.work': 'support',
  'glance.read': 'support',
  // Stopping the sale of a failing product moves no money and is undone by a resume: whoever
  // watches the glance when a biller fails may do it at once (audited, with a reason).
  'products.pause': 'support',
  'money.request': 'finance',
  'money.decide': 'finance',
  'suspense.read': 'finance',
  'reconciliation.work': 'finance',
  'staff.manage': 'admin',
  'audit.read': 'admin',
} as const satisfies Record<string, StaffRole>;
export type Permission = keyof typeof PERMISSIONS;

export const allows = (role: StaffRole, permission: Permission): boolean => RANK[role] >= RANK[PERMISSIONS[permission]];

/** A role change upward (support → finance, anything → admin). */
export const raises = (from: StaffRole, to: StaffRole): boolean => RANK[to] > RANK[from];

/** An identity that may move money is created, reset or raised only with a second admin's approval. */
export const needsSecondAdmin = (role: StaffRole): boolean => allows(role, 'money.decide');

/** Six digits from the authenticator app (RFC 6238, 30-second steps). */
export const TOTP_DIGITS = 6;
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown: two groups of five of Crockford's base32 symbols. */
export const RECOVERY_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
export const RECOVERY_CODE_COUNT = 10;

// ── Signing in ──────────────────────────────────────────────────────────────────────────────

export interface StaffProfile {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** After the password: the second factor is still owed ('second-factor'), or must first be set up ('enrolment'). */
export type SignInStage = 'second-factor' | 'enrolment' | 'signed-in';

export interface SignInAnswer {
  /** A new token at each step: the half-open one ends when the second factor (or its enrolment) is done. */
  token: string;
  stage: SignInStage;
  /** Null on the password's answer: a half-open session names nobody (its password may not be checked yet). */
  staff: StaffProfile | null;
}

export interface EnrolmentSecret {
  /** Base32, for typing into the app when the QR code cannot be scanned. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qr_svg: string;
}

export interface EnrolmentDone extends SignInAnswer {
  /** Shown once: each signs in once in place of a code (a lost phone). */
  recovery_codes: string[];
}

// ── Customers ───────────────────────────────────────────────────────────────────────────────

export type SearchMatch = 'email' | 'phone' | 'account' | 'reference' | 'case' | 'name';

export interface CustomerHit {
  id: number;
  name: string;
  email: string;
  phone: string;
  matched: SearchMatch;
}

/**
 * A bill refunded at its 24-hour deadline without the biller's answer: open while the biller is
 * still asked; then delivered (the business's loss, written off) or failed (nothing lost).
 */
export type Exposure = 'open' | 'delivered' | 'failed';

export interface BillStatus {
  biller: string;
  provider: string;
  beneficiary: string;
  request_id: string;
  last_requery_at: string | null;
  /** The debit plus 24 hours: refunded in full by then if the biller has not confirmed it. */
  deadline_at: string;
  /** Null unless it was refunded at its deadline unconfirmed. */
  exposure: Exposure | null;
}

export interface ConsoleTransaction {
  id: number;
  category: string;
  amount: number;
  status: 'pending' | 'processing' | 'completed' | 'canceled';
  reference: string;
  description: string;
  created_at: string;
  /** A purchase's bill at the biller; null for fundings, cashback and adjustments. */
  bill: BillStatus | null;
  /** Processing for over an hour. */
  stuck: boolean;
}

export interface ConsoleLedgerEntry {
  movement_id: number;
  kind: string;
  /** Positive credits the wallet. */
  amount: number;
  transaction_id: number | null;
  created_at: string;
}

export interface CustomerSession {
  id: number;
  device: string;
  created_at: string;
  last_active_at: string;
  live: boolean;
}

export type CaseStatus = 'open' | 'in-review' | 'resolved';

export interface ConsoleCase {
  case_number: string;
  customer_id: number;
  customer_name: string;
  transaction_id: number;
  reference: string;
  transaction_status: ConsoleTransaction['status'];
  amount: number;
  reason: string;
  note: string;
  status: CaseStatus;
  resolution_note: string | null;
  created_at: string;
  resolved_at: string | null;
}

export interface AddressDecision {
  verified: boolean;
  note: string;
  decided_at: string;
  decided_by: string;
}

export interface CustomerPage {
  customer: {
    id: number;
    name: string;
    email: string;
    phone: string;
    created_at: string;
    email_verified: boolean;
    pin_set: boolean;
    pin_locked: boolean;
  };
  wallet: { balance: number; cashback_total: number };
  limits: Limits;
  /** BVN and NIN masked to their last four digits; '' when none is verified. */
  identity: {
    bvn: string;
    bvn_verified_at: string | null;
    nin: string;
    nin_verified_at: string | null;
    address: AddressDecision | null;
  };
  accounts: { provider: string; bank_name: string; account_number: string }[];
  transactions: ConsoleTransaction[];
  ledger: ConsoleLedgerEntry[];
  sessions: CustomerSession[];
  cases: ConsoleCase[];
  money_requests: MoneyRequest[];
}

// ── Money ───────────────────────────────────────────────────────────────────────────────────

/** The one list of what a maker may ask to move: the type and the server's request schema are made from it. */
export const MONEY_REQUEST_KINDS = ['suspense-match', 'suspense-return', 'goodwill-credit', 'goodwill-debit'] as const;
export type MoneyRequestKind = (typeof MONEY_REQUEST_KINDS)[number];
export type MoneyRequestStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';

export const MONEY_REQUEST_LABELS: Record<MoneyRequestKind, string> = {
  'suspense-match': 'Match a suspended transfer to a customer',
  'suspense-return': 'Record a return to the sender',
  'goodwill-credit': 'Goodwill credit',
  'goodwill-debit': 'Goodwill debit',
};

/** A reason says why, for whoever approves and whoever audits. */
export const REASON_MIN_LENGTH = 10;
export const REASON_MAX_LENGTH = 500;
export const NOTE_MAX_LENGTH = 1000;

export interface MoneyRequest {
  id: number;
  kind: MoneyRequestKind;
  status: MoneyRequestStatus;
  amount: number;
  customer: { id: number; name: string; email: string } | null;
  transfer: { provider: string; reference: string; sender_name: string } | null;
  reason: string;
  needs_admin: boolean;
  maker: string;
  maker_id: number;
  created_at: string;
  expires_at: string;
  checker: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

export interface NewMoneyRequest {
  kind: MoneyRequestKind;
  /**
   * Goodwill only: a suspended transfer's amount is its own. Naira as typed, at most two decimals:
   * text, as the app sends its amounts, so no float stands between the field and the kobo.
   */
  amount?: string;
  customer_id?: number;
  incoming_transfer_id?: number;
  reason: string;
  /** The maker's authenticator code: re-authentication before a money action. */
  code: string;
}

export interface SuspendedTransfer {
  incoming_transfer_id: number;
  provider: string;
  reference: string;
  account_number: string;
  amount: number;
  sender_name: string;
  sender_bank: string;
  received_at: string;
  /** The customer who now has this account number at this partner, when one does. */
  suggested_customer: { id: number; name: string; email: string } | null;
  suggestion: string;
  /** A request already waiting for approval. */
  pending_request_id: number | null;
}

export type CaseWorkStatus = 'open' | 'acknowledged' | 'resolved';

export interface ReconciliationItem {
  kind: 'mismatch' | 'dispute';
  id: number;
  day: string;
  counterparty: string;
  what: string;
  reference: string;
  our_amount: number | null;
  their_amount: number | null;
  detail: string;
  status: CaseWorkStatus;
  note: string | null;
}

// ── At a glance ─────────────────────────────────────────────────────────────────────────────

export interface GlanceRow {
  category: string;
  provider: string;
  count: number;
  completed: number;
  failed: number;
  processing: number;
  amount: number;
  /** Completed out of those settled, in percent; null when none settled. */
  success_rate: number | null;
}

/** A message (a receipt, a notice) given up: refused for good, or tried for two days. Never its content. */
export interface UndeliverableMessage {
  id: number;
  channel: 'email' | 'sms';
  /** What it was about: receipt, credential-change, pin-logout, staff-invitation… */
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  /** Why the last attempt failed, in the provider's code (never its text, which may name the address). */
  reason: string;
  queued_at: string;
  given_up_at: string;
}

/** Bills refunded at their 24-hour deadline whose exposure is settled or still open (finance). */
export interface LateBill {
  transaction_id: number;
  customer_id: number;
  customer_name: string;
  reference: string;
  category: string;
  provider: string;
  amount: number;
  biller: string;
  request_id: string;
  debited_at: string;
  refunded_at: string;
  last_requery_at: string | null;
  exposure: Exposure;
  /** When the biller's answer settled it; null while open. */
  resolved_at: string | null;
}

export interface LateBills {
  /** The open exposures, oldest first (the first 200). */
  open: LateBill[];
  /** Every open exposure. */
  open_count: number;
  open_total: number;
  /** The latest settled (delivered: loss written off; failed: closed), newest first. */
  settled: LateBill[];
  /** Every loss written off so far. */
  lost_count: number;
  lost_total: number;
}

export interface Glance {
  day: string;
  purchases: GlanceRow[];
  funding: { provider: string; count: number; amount: number }[];
  /** Bills processing for over an hour, the nearest their 24-hour deadline first. */
  stuck_bills: { count: number; oldest: ConsoleTransaction[] };
  /**
   * Today's refunds by their time after the debit: within 30 s, after that but within 24 h, and past
   * 24 h (a breach of the framework's limit); and the exposures still open.
   */
  refunds: { within_30s: number; within_24h: number; past_24h: number; open_exposures: number; open_total: number };
  suspense: { count: number; total: number };
  pending_requests: number;
  open_cases: number;
  /** The outbox: messages committed but not yet accepted by the provider, and those given up (the latest ten). */
  messages: {
    pending: number;
    oldest_pending_at: string | null;
    undeliverable: number;
    latest_undeliverable: UndeliverableMessage[];
  };
  ledger_audit: { ran_at: string; problem_count: number; problems: string[] } | null;
  providers: { name: string; kind: 'biller' | 'bank'; breaker: 'closed' | 'open' | 'half-open' | 'none' }[];
}

/** A product (one provider of one service) as the console's Products page shows it. */
export interface ConsoleProduct {
  provider_id: number;
  category: string;
  provider: string;
  /** Its pay calls of the health window, those that got no answer, and for how many customers. */
  health: { calls: number; failures: number; customers: number };
  pause: {
    /** `failing`: the threshold tripped (tried again from `retry_at`); `staff`: until staff resume it. */
    cause: 'failing' | 'staff';
    paused_at: string;
    /** The staff member who paused it; null for an automatic pause. */
    by: string | null;
    note: string;
    retry_at: string | null;
  } | null;
}

// ── Staff and audit ─────────────────────────────────────────────────────────────────────────

export interface StaffMember extends StaffProfile {
  enrolled: boolean;
  disabled: boolean;
  invitation_pending: boolean;
  created_at: string;
}

/** An invitation e-mailed to the account's own address: the console answers where it went, never the link. */
export interface InvitationSent {
  sent_to: string;
  expires_at: string;
}

/** What needs a second admin: creating, resetting or raising (a role upward) a finance or admin identity. */
export type StaffChangeKind = 'create' | 'reset' | 'raise';
export type StaffChangeStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';

export interface StaffChange {
  id: number;
  kind: StaffChangeKind;
  status: StaffChangeStatus;
  /** The account changed; null while a creation waits. */
  staff_id: number | null;
  email: string;
  name: string;
  /** The role asked for (a creation, a raise) or held (a reset). */
  role: StaffRole;
  maker: string;
  maker_id: number;
  created_at: string;
  expires_at: string;
  checker: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

/**
 * What a staff action answers: the account as it now is and the invitation mailed, or the change
 * waiting for a second admin.
 */
export interface StaffOutcome {
  /** Null while a creation waits for its approval. */
  staff: StaffMember | null;
  invitation: InvitationSent | null;
  change: StaffChange | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  customer_id: number | null;
  subject: string | null;
  address: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  staff_id?: number;
  action?: string;
  customer_id?: number;
  from?: string;
  to?: string;
  /** The page before this entry (newest first). */
  before_id?: number;
}
