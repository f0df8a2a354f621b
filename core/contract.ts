/**
 * The contract both halves share (docs/architecture.md, "The shared contract"): request and
 * response shapes only, no code. The server imports these types; the SPA's api modules return
 * them.
 */

export type ResponseType = 'success' | 'error';

/** Every response, success or not. */
export interface Envelope<T = unknown> {
  type: ResponseType;
  message: string;
  data?: T;
}

export interface VirtualAccount {
  bank_name: string;
  account_number: string;
  /** The name the partner gave the account (the verified identity holder's); null for an account opened before identity came first. Additive. */
  account_name?: string | null;
}

/**
 * What the user's `pin` field holds, since only the server checks the pin: a marker that a
 * transaction pin is set, never the pin nor anything it could be recovered from (a hash of four
 * digits is the pin). Login routing reads it: no pin → /set-pin, once the e-mail is verified.
 */
export type PinMarker = 'set' | '';

/** The user fields the app keeps in its session and storage, as the server sends them (login, register, get-user, set-pin). */
export interface UserData {
  tenant: string;
  name: string;
  email: string;
  phone: string;
  accounts: VirtualAccount[];
  wallet_balance: number;
  /** A marker, never the pin: 'set' when the user has a transaction pin, '' when not. */
  pin: PinMarker;
  /** Wrong transaction pins in a row so far (the server's counter, shared by every screen and session). */
  pin_attempts: number;
  /** The server's threshold: one more wrong pin once `pin_attempts` has reached it ends every session. */
  max_attempts: number;
  /** Purchases and change-pin are refused until the pin is reset (repeated wrong-pin logouts). */
  pin_locked: boolean;
  /** The verified NIN and BVN masked to their last four digits ('•••••••1234'), '' when none is verified: never the number. */
  nin: string;
  bvn: string;
  avatar: string;
  token: string;
  email_verified_at: string | null;
  /** The KYC tier and its limits, with today's purchases (added: a client that ignores it still works). */
  limits: Limits;
  /** Every cashback credited so far, in naira (added: a client that ignores it still works). */
  cashback_total: number;
}

/** A user's KYC tier (core/tiers.ts) and what it allows, in naira; the day is Africa/Lagos's. */
export interface Limits {
  /** 0: no verified BVN or NIN, the wallet cannot be funded. */
  tier: 0 | 1 | 2 | 3;
  /** Whether money may be added (account numbers, card top-ups): a verified BVN or NIN. */
  can_fund: boolean;
  daily_limit: number;
  spent_today: number;
  left_today: number;
  /** null: no cap. */
  balance_cap: number | null;
}

export interface Package {
  id: number;
  name: string;
  amount: number;
}

export interface Provider {
  id: number;
  name: string;
  packages: Package[];
}

/** fetch-providers: providers grouped by category key (airtime, electricity-bill, data, ...). */
export type ProvidersByCategory = Record<string, Provider[]>;

export type NotificationStatus = 'unread' | 'read';

export interface Notification {
  id: number;
  title: string;
  content: string;
  created_at: string;
  status: NotificationStatus;
}

export type TransactionStatus = 'pending' | 'processing' | 'completed' | 'canceled';

export interface Transaction {
  id: number;
  category: string;
  amount: number;
  status: TransactionStatus;
  created_at: string;
  reference: string;
  from: string;
  to: string;
  description: string;
  display_name: string;
  display_value: string;
  /**
   * The holder the biller knows under the number billed (meter, betting account, smartcard),
   * verified by the server before it took the money; absent for services that verify nothing.
   */
  customer_name?: string;
  /** The cashback a completed purchase earned, in naira; absent when none. */
  cashback?: number;
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

// Requests of the account flow (docs/product.md, "Account").
export interface RegisterRequest {
  device: string;
  /** The random id this browser keeps (src/api/storage.ts): a sign-in from a device the account has not used is announced to its owner. */
  device_id?: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  token: string;
}
/** POST /api/reset-link (bearer: a reset link at its last stage): whether its account already has a pin, which the link does not replace. */
export interface ResetLinkStatus {
  pin_set: boolean;
}
export interface LoginRequest {
  device: string;
  device_id?: string;
  email: string;
  password: string;
  /** A captcha token: needed once the e-mail has had several failed logins in a row (answered with LoginRefusal). */
  token?: string;
}
/** `data` of a login refused until it comes back with a captcha token (403). */
export interface LoginRefusal {
  reason: 'captcha-required';
}
export interface ForgotRequest {
  email: string;
  device: string;
  token: string;
}
export interface ResetRequest {
  new_password: string;
  confirm_new_password: string;
}
export interface VerifyOtpRequest {
  otp: string;
}
export interface SetPinRequest {
  pin: string;
  confirm_pin: string;
}
export interface MarkNotificationRequest {
  notification_id: number;
}

// Requests of the wallet and account pages (docs/product.md, "The API").
export interface FetchTransactionsRequest {
  /** Page size. */
  pagination: number;
  page: number;
}
export interface RefreshTransactionRequest {
  transaction_id: number;
}
export interface UpdateProfileRequest {
  device: string;
  name: string;
  phone: string;
  nin: string;
  bvn: string;
}

// Funding (server: POST /api/funding, /api/funding/identity, /api/card-topups, /api/card-topups/verify).
/** Where the user stands with one live bank partner. */
export interface PartnerFunding {
  /** The partner as users read it: 'Monnify', 'Paystack'. */
  partner: string;
  /**
   * ready: its accounts are listed; creating: it answers later (this screen polls);
   * needs-identity: type the BVN or NIN again (it could not be reached, or was never asked);
   * refused / skipped: `message` says why and what to do.
   */
  status: 'ready' | 'creating' | 'needs-identity' | 'refused' | 'skipped';
  message: string;
  /** What this partner needs that the verification form should ask for. */
  needs: ('bvn' | 'bank_account')[];
}
/** A card top-up as /funding lists it. */
export interface CardPayment {
  reference: string;
  /** Naira to the wallet. */
  amount: number;
  fee: number;
  /** Naira the card was (or is to be) charged. */
  charged: number;
  status: 'pending' | 'abandoned' | 'success' | 'failed' | 'disputed';
  created_at: string;
}
/** How card top-ups work for this user now; null when no live partner takes cards. */
export interface CardTopUpTerms {
  provider: string;
  fee_bearer: 'customer' | 'business';
  /** Naira. */
  min: number;
  /** Naira: the smaller of the top-up limit and what the tier lets the wallet still hold. */
  max: number;
}
/** POST /api/funding: everything /funding shows. */
export interface FundingStatus {
  /** Which identity numbers are verified: none means the wallet cannot be funded. */
  identity: { bvn: boolean; nin: boolean };
  accounts: VirtualAccount[];
  partners: PartnerFunding[];
  card: CardTopUpTerms | null;
  /** The latest card top-ups, newest first. */
  card_payments: CardPayment[];
}
/** POST /api/funding/identity: verifies (or, when verified before, confirms) a BVN or a NIN — exactly one — and hands it to the partners. */
export interface FundingIdentityRequest {
  bvn?: string;
  nin?: string;
  /** The user's own bank account, with a BVN: Paystack validates the two together. Both or neither. */
  bank_code?: string;
  bank_account_number?: string;
}
export interface CardTopUpRequest {
  /** Naira to the wallet, at most two decimals. */
  amount: number | string;
}
/** A card top-up started: send the customer to `authorization_url` (the partner's checkout). */
export interface CardTopUpStarted {
  reference: string;
  authorization_url: string;
  payment: CardPayment;
}
export interface CardTopUpVerifyRequest {
  reference: string;
}
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
  confirm_new_password: string;
}
export interface ChangePinRequest {
  old_pin: string;
  new_pin: string;
  confirm_new_pin: string;
}
/** POST /api/forgot-pin: no body; the bearer's account gets a 4-digit code by e-mail. */
export type ForgotPinRequest = Record<string, never>;
export interface ResetPinRequest {
  password: string;
  otp: string;
  pin: string;
  confirm_pin: string;
}
/**
 * A purchase or change-pin refused for its pin, which only the server checks and counts, in the
 * error answer's `data`. `pin-incorrect` (400): wrong, counted; the same Idempotency-Key may be
 * sent again with the right pin.
 */
export interface PinIncorrect {
  reason: 'pin-incorrect';
  pin_attempts: number;
  max_attempts: number;
  /** max(max_attempts - pin_attempts, 0): wrong pins left before the next one logs out. */
  attempts_left: number;
}
/** 401: a wrong pin after the counter had reached max_attempts; every session of the user is revoked. */
export interface PinLogout {
  reason: 'pin-logout';
}
/** 423: purchases and change-pin are locked until the pin is reset (Forgot pin?). */
export interface PinLocked {
  reason: 'pin-locked';
}
export type PinRefusal = PinIncorrect | PinLogout | PinLocked;
export type PinRefusalReason = PinRefusal['reason'];

// Development conveniences, served in development mode only (production answers 404).
/** POST /dev/bank/transfer: a customer's transfer into a dedicated account, delivered as the bank partner's signed webhook. */
export interface DevBankTransferRequest {
  account_number: string;
  /** Naira: a number or numeric text with at most two decimals. */
  amount: number | string;
  sender_name?: string;
  sender_bank?: string;
  /** The partner's reference; send an earlier one again to replay that delivery. */
  reference?: string;
}
/** What the webhook answered, plus the reference used. */
export interface DevBankTransferResult {
  /**
   * unmatched: no wallet has the account number; the money is held in suspense, credited to no one.
   * disputed: the partner's records contradict the webhook; not credited.
   */
  status: 'credited' | 'duplicate' | 'unmatched' | 'disputed' | 'ignored';
  reference: string;
  reason?: string;
}

// Purchases: POST /api/<category>, one call per service. Every purchase also sends the transaction
// `pin` and an `Idempotency-Key` header; the server checks the pin itself and executes a repeated
// key once.
export interface AmountPurchaseRequest {
  provider_id: number;
  beneficiary: string;
  /** Naira, at most two decimals; a number or a numeric string. */
  amount: number | string;
  pin: string;
}
export interface PlanPurchaseRequest {
  provider_id: number;
  package_id: number;
  beneficiary: string;
  pin: string;
}
export interface VerifyMerchantRequest {
  provider_id: number;
  beneficiary: string;
}
/** verify-merchant: name plus address (electricity) or username (betting); name alone (cable). */
export interface MerchantDetails {
  name: string;
  address?: string;
  username?: string;
  /** Cable TV: what renewing the current bouquet costs, in naira, when the biller says. */
  renewal_amount?: number;
  /** Cable TV: the bouquet the smartcard is on, when the biller says. */
  current_plan?: string;
  /** Cable TV: the Lagos day (YYYY-MM-DD) the subscription is due, when the biller says (DStv and GOtv do; it sets a renewal schedule). */
  due_date?: string;
}
/** What a purchase answers in `data`: the transaction it created (with any token or pin in display_value). */
export type PurchaseResult = Transaction;

/** Every answer of a purchase call: the transaction on success; a pin refusal's reason, or nothing, with an error. */
export type PurchaseAnswer = (Envelope<PurchaseResult> & { type: 'success' }) | (Envelope<PinRefusal> & { type: 'error' });

// Recent beneficiaries (server: POST /api/recent-beneficiaries).
export interface RecentBeneficiariesRequest {
  /** A purchase category: airtime, data, electricity-bill, betting, tv-subscription, education. */
  category: string;
}
/** One of the caller's last five distinct beneficiaries of a category, most recent first, with the provider used last. */
export interface RecentBeneficiary {
  beneficiary: string;
  provider_id: number;
  provider_name: string;
}

// Saved beneficiaries (server: POST /api/beneficiaries/{list,save,rename,delete}).
/** A number the user saved under a name for one service category. */
export interface SavedBeneficiary {
  id: number;
  category: string;
  beneficiary: string;
  name: string;
  /** The provider chosen when it was saved; null when none was (or it is no longer offered). */
  provider_id: number | null;
}
export interface ListBeneficiariesRequest {
  category: string;
}
export interface SaveBeneficiaryRequest {
  category: string;
  beneficiary: string;
  name: string;
  provider_id?: number | null;
}
export interface RenameBeneficiaryRequest {
  beneficiary_id: number;
  name: string;
}
export interface DeleteBeneficiaryRequest {
  beneficiary_id: number;
}

// Report a problem (server: POST /api/problem-reports/{fetch,create}).
export type ProblemReportStatus = 'open' | 'in-review' | 'resolved';
/** A case opened about one transaction; its number is what support is told. */
export interface ProblemReport {
  case_number: string;
  transaction_id: number;
  reference: string;
  reason: string;
  note: string;
  status: ProblemReportStatus;
  created_at: string;
  /** What support wrote when resolving the case (also e-mailed); null until then. */
  resolution_note: string | null;
}
export interface FetchProblemReportRequest {
  transaction_id: number;
}
export interface CreateProblemReportRequest {
  transaction_id: number;
  reason: string;
  note: string;
}

// Statements (server: POST /api/statements/summary and /api/statements/download).
/** Calendar days in Lagos, inclusive at both ends: YYYY-MM-DD. */
export interface StatementRequest {
  from: string;
  to: string;
}
export interface StatementDownloadRequest extends StatementRequest {
  format: 'csv' | 'pdf';
}
/** The totals of a statement, naira: opening + credits − debits = closing. */
export interface StatementSummary {
  from: string;
  to: string;
  opening_balance: number;
  total_credits: number;
  total_debits: number;
  closing_balance: number;
  entries: number;
}

// Schedules (server: POST /api/schedules/{list,draft,create,update,pause,resume,delete,retry,accept-price}).
/** How often a schedule runs; 'renewal' renews a DStv or GOtv subscription a number of days before its due date. */
export type ScheduleFrequency = 'once' | 'daily' | 'weekly' | 'monthly' | 'renewal';
/** When a schedule stops: never, after a number of runs, or after its last run on or before a Lagos day (YYYY-MM-DD). */
export type ScheduleEnd = { kind: 'never' } | { kind: 'after'; runs: number } | { kind: 'on'; date: string };
/** Why a run could not happen, was missed or skipped (core/messages.ts words each for the user). */
export type ScheduleRunReason =
  | 'insufficient-balance'
  | 'daily-limit'
  | 'price-changed'
  | 'provider-unavailable'
  | 'not-available'
  | 'customer-not-found'
  | 'biller-failed'
  | 'pin-locked'
  | 'missed'
  | 'already-renewed'
  | 'refused';
/** What became of a run: its purchase completed, is processing, was refunded (canceled), or no purchase was made. */
export type ScheduleRunOutcome = 'running' | 'completed' | 'processing' | 'canceled' | 'failed' | 'missed' | 'skipped';
export interface ScheduleRun {
  id: number;
  /** The due time it was for (a retry: when it was asked for). */
  due_at: string;
  outcome: ScheduleRunOutcome;
  reason: ScheduleRunReason | null;
  /** In the user's words: what happened and, when it failed, what to do. */
  message: string;
  amount: number | null;
  transaction_id: number | null;
  /** The run failed or was missed, it is the schedule's latest, and a retry may be asked for (Retry now). */
  retryable: boolean;
}
/** What a schedule buys: a service's provider, plan (or amount) and the number billed. */
export interface ScheduleProduct {
  category: string;
  provider_id: number;
  /** Plan-priced services; null for an amount, and for a cable renewal. */
  package_id: number | null;
  beneficiary: string;
  /** Amount-priced services (naira); null for a plan and a renewal, whose price the server knows. */
  amount: number | null;
}
/** A completed purchase as a schedule would repeat it (Repeat this), with a name to start from. */
export interface ScheduleDraft extends ScheduleProduct {
  name: string;
}
export interface ScheduleDraftRequest {
  transaction_id: number;
}
/** When a schedule runs, in Lagos time: a time of day (HH:MM) and the fields of its frequency. */
export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  /** once: the day. */
  date?: string | null;
  /** weekly: 0 Sunday … 6 Saturday. */
  weekday?: number | null;
  /** monthly: 1–31 (a shorter month runs on its last day). */
  month_day?: number | null;
  /** renewal: days before the due date, 0–14. */
  days_before?: number | null;
  time: string;
  end: ScheduleEnd;
}
/** Creating a schedule authorises its runs with the transaction pin, each up to the amount shown. */
export interface CreateScheduleRequest extends ScheduleProduct, ScheduleTiming {
  name: string;
  pin: string;
}
export interface UpdateScheduleRequest extends CreateScheduleRequest {
  schedule_id: number;
}
export interface ScheduleIdRequest {
  schedule_id: number;
}
/** Re-authorises a schedule paused because its price rose: the new price, with the pin. */
export interface AcceptSchedulePriceRequest extends ScheduleIdRequest {
  pin: string;
}
export type ScheduleStatus = 'active' | 'paused' | 'ended';
export interface Schedule extends ScheduleTiming {
  id: number;
  name: string;
  category: string;
  provider_id: number;
  provider_name: string;
  package_id: number | null;
  package_name: string | null;
  beneficiary: string;
  /** What each run buys for (naira); a renewal's is the renewal amount last verified. */
  amount: number;
  /** The most a run may spend, as authorised with the pin. */
  authorised: number;
  /** renewal: the due date the biller last told. */
  due_date: string | null;
  runs_done: number;
  status: ScheduleStatus;
  /** Why it is paused: by the user, after three runs in a row could not happen, or because the price rose. */
  paused_reason: 'user' | 'failures' | 'price-changed' | null;
  next_run_at: string | null;
  last_run: ScheduleRun | null;
  /** Paused for its price: what the product costs now, to accept with the pin. */
  new_price: number | null;
  created_at: string;
}
