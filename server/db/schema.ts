/**
 * Kysely's view of the tables in db/migrations. BIGINT columns arrive as JS bigint (both
 * drivers are configured so in database.ts), timestamptz as Date, bytea as Uint8Array.
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { CaseWorkStatus, ConsoleTables } from './consoleTables';

/** A row of an outer join's optional side: every column may be null. */
export type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Identity columns: the database assigns them, nobody writes them. */
type Identity<T> = ColumnType<T, never, never>;

export interface UsersTable {
  id: Identity<bigint>;
  tenant: Generated<string>;
  name: string;
  email: string;
  phone: string;
  password_hash: string;
  /** Sealed at rest (secretBox.ts), opened only to compare: never answered, in any form. */
  pin_sealed: string | null;
  /** Set only once an identity provider verified the number (013_rewards_and_tiers.sql); the number itself is never stored. */
  nin_verified_at: Date | null;
  nin_last4: string | null;
  /** HMAC under TOKEN_KEY: one identity raises the limits of one account. */
  nin_hash: Uint8Array | null;
  bvn_verified_at: Date | null;
  bvn_last4: string | null;
  bvn_hash: Uint8Array | null;
  avatar: Generated<string>;
  email_verified_at: Date | null;
  created_at: Date;
  /** Wrong transaction pins in a row (services/pins.ts). */
  pin_attempts: Generated<number>;
  /** Set at the third wrong-pin logout within a day; purchases wait for a pin reset. */
  pin_locked_at: Date | null;
  /** When an operator recorded the address verified (kyc_decisions, 025): with a BVN and a NIN, tier 3. */
  address_verified_at: Generated<Date | null>;
}

/** A ledger account: a user's wallet (user_id) or a system account (code); see services/ledger.ts. */
export interface WalletsTable {
  id: Identity<bigint>;
  user_id: bigint | null;
  code: string | null;
  balance_kobo: Generated<bigint>;
  /** The user's transactions, and the cashback among them, kept by a trigger (017_activity_list.sql). */
  transaction_count: Generated<bigint>;
  cashback_total_kobo: Generated<bigint>;
  created_at: Date;
}

export type TransactionStatus = 'pending' | 'processing' | 'completed' | 'canceled';

export interface TransactionsTable {
  id: Identity<bigint>;
  user_id: bigint;
  category: string;
  amount_kobo: bigint;
  status: TransactionStatus;
  reference: string;
  from_label: Generated<string>;
  to_label: Generated<string>;
  description: Generated<string>;
  display_name: Generated<string>;
  display_value: Generated<string>;
  /** The holder verified for the number a purchase billed (007_purchase_customer.sql); null when nothing was verified. */
  customer_name: string | null;
  /** What a completed purchase earned (services/cashback.ts); null when nothing. */
  cashback_kobo: Generated<bigint | null>;
  /** A cashback transaction: the purchase it rewards. */
  rewarded_transaction_id: Generated<bigint | null>;
  created_at: Date;
  updated_at: Date;
}

/** Append-only (a trigger refuses UPDATE and DELETE). */
export interface LedgerMovementsTable {
  id: Identity<bigint>;
  kind: string;
  transaction_id: bigint | null;
  /** The partner's payment or operator's action a once-per-record movement books (019_ledger_once.sql). */
  source_ref: string | null;
  created_at: Date;
}

/** Append-only; the entries of a movement sum to zero (checked at commit). */
export interface LedgerEntriesTable {
  id: Identity<bigint>;
  movement_id: bigint;
  wallet_id: bigint;
  amount_kobo: bigint;
  created_at: Date;
}

export interface VirtualAccountsTable {
  id: Identity<bigint>;
  user_id: bigint;
  provider: string;
  bank_name: string;
  bank_code: string;
  account_number: string;
  /** The name the partner gave the account; null for accounts opened before identity came first (025). */
  account_name: Generated<string | null>;
  created_at: Date;
}

export interface IncomingTransfersTable {
  id: Identity<bigint>;
  provider: string;
  reference: string;
  /** Null for a card payment, or for a transfer to a number nobody has: it is held in suspense (unmatched_transfers). */
  virtual_account_id: bigint | null;
  /** The card top-up this claim credits (026_card_topups.sql). */
  card_payment_id: Generated<bigint | null>;
  amount_kobo: bigint;
  sender_name: string;
  sender_bank: string;
  paid_at: Date | null;
  transaction_id: bigint | null;
  received_at: Date;
}

export interface SessionsTable {
  id: Identity<bigint>;
  user_id: bigint;
  token_hash: Uint8Array;
  device: string;
  created_at: Date;
  /** The last call that was not one of the app's polls. */
  last_active_at: Date;
  revoked_at: Date | null;
}

/** What an e-mailed code is for; a code only ever serves its own purpose. */
export type OtpPurpose = 'verify-email' | 'reset-pin';

export interface EmailOtpsTable {
  id: Identity<bigint>;
  user_id: bigint;
  purpose: OtpPurpose;
  code_hash: Uint8Array;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** What a failure counter guards; each purpose has its own budget. */
export type AttemptPurpose = 'email-otp' | 'pin-reset-otp';

export interface FailedAttemptsTable {
  user_id: bigint;
  purpose: AttemptPurpose;
  failures: number;
  locked_until: Date | null;
  /** Locks served or running since the last right guess (db/migrations/030_guess_escalation.sql). */
  locks: Generated<number>;
  last_failure_at: Date | null;
}

/** Failed logins of one subject (db/migrations/008_login_throttle.sql). */
export interface LoginFailuresTable {
  subject: Uint8Array;
  failures: number;
  window_start: Date;
  last_failure_at: Date;
}

/** A fixed-window request counter (routes/rateLimits.ts). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  resets_at: Date;
}

export type ResetStage = 'reset-password' | 'set-pin' | 'spent';

export interface PasswordResetTokensTable {
  id: Identity<bigint>;
  /** Null for a /forgot of an e-mail no account has: the row is written all the same, and opens nothing. */
  user_id: bigint | null;
  /** Keyed hash of the e-mail typed (db/migrations/031_reset_requests_and_notices.sql); null for links older than it. */
  subject: Uint8Array | null;
  token_hash: Uint8Array;
  stage: ResetStage;
  created_at: Date;
  expires_at: Date;
}

/** When a warning of a kind was last e-mailed to an account. */
export interface AccountNoticesTable {
  user_id: bigint;
  kind: string;
  sent_at: Date;
}

/** The statement document an account is being sent (services/statements/documentSlots.ts). */
export interface StatementDownloadsTable {
  user_id: bigint;
  claimed_at: Date;
}

export type CoolingOffReason = 'password-reset' | 'pin-reset' | 'new-device' | 'not-me';

/** Purchases above the allowance wait (services/coolingOff.ts; db/migrations/033_recovery_controls.sql). */
export interface CoolingOffsTable {
  user_id: bigint;
  reason: CoolingOffReason;
  started_at: Date;
  ends_at: Date;
}

/** A device an account signed in from (services/devices.ts). */
export interface UserDevicesTable {
  user_id: bigint;
  device_hash: Uint8Array;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** The "this wasn't me" link of a credential-change e-mail (services/credentialAlerts.ts). */
export interface NotMeLinksTable {
  id: Identity<bigint>;
  user_id: bigint;
  token_hash: Uint8Array;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** An account locked by its owner's "this wasn't me" until a password reset. */
export interface AccountLocksTable {
  user_id: bigint;
  locked_at: Date;
}

/** A logout for wrong transaction pins (services/pins.ts). */
export interface PinLockoutsTable {
  id: Identity<bigint>;
  user_id: bigint;
  created_at: Date;
}

export interface NotificationsTable {
  id: Identity<bigint>;
  user_id: bigint;
  title: string;
  content: string;
  status: Generated<'unread' | 'read'>;
  created_at: Date;
}

export interface ProvidersTable {
  id: Identity<number>;
  category: string;
  code: string;
  name: string;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface PackagesTable {
  id: Identity<number>;
  provider_id: number;
  code: string;
  name: string;
  amount_kobo: bigint;
  position: Generated<number>;
  active: Generated<boolean>;
}

/** The bill behind a purchase transaction (db/migrations/005_purchases.sql). */
export interface PurchasesTable {
  transaction_id: bigint;
  user_id: bigint;
  category: string;
  provider_id: number;
  package_id: number | null;
  beneficiary: string;
  biller: string;
  request_id: string;
  requery_attempts: Generated<number>;
  next_requery_at: Date | null;
  /** When the biller was last asked about the bill (db/migrations/009_money_controls.sql). */
  last_requery_at: Generated<Date | null>;
}

/** A create-accounts call asking the bank partner for a user's accounts (services/virtualAccounts.ts). */
export interface VirtualAccountClaimsTable {
  user_id: bigint;
  provider: string;
  claimed_at: Date;
}

/** A transfer held in suspense: credited to no one (services/suspense.ts). */
export interface UnmatchedTransfersTable {
  incoming_transfer_id: bigint;
  account_number: string;
  /** JSONB: written as JSON text, read as the parsed value. */
  payload: ColumnType<unknown, string | null, never>;
  movement_id: bigint;
  /** Matched to a customer or returned to the sender by an approved money request (server/console). */
  status: Generated<'unmatched' | 'matched' | 'returned'>;
  resolved_at: Date | null;
}

/** A signed webhook the partner's status call did not confirm: not credited (migration 011). */
export interface DisputedTransfersTable {
  id: Identity<bigint>;
  provider: string;
  reference: string;
  account_number: string;
  amount_kobo: bigint;
  partner_status: string;
  partner_amount_kobo: bigint | null;
  reason: string;
  /** JSONB: written as JSON text, read as the parsed value. */
  payload: ColumnType<unknown, string | null, never>;
  received_at: Date;
  /** Worked by finance in the console (038_case_work.sql). */
  status: Generated<CaseWorkStatus>;
  note: string | null;
  handled_at: Date | null;
}

/** What a day's reconciliation found (services/reconciliation.ts). */
export interface ReconciliationMismatchesTable {
  id: Identity<bigint>;
  /** The Africa/Lagos day reconciled, 'YYYY-MM-DD'. */
  day: string;
  counterparty: string;
  kind: string;
  reference: string;
  our_amount_kobo: bigint | null;
  their_amount_kobo: bigint | null;
  detail: string;
  found_at: Date;
  /** Worked by finance in the console (038_case_work.sql). */
  status: Generated<CaseWorkStatus>;
  note: string | null;
  handled_at: Date | null;
}

/** A reconciled day (jobs/reconciliation.ts). */
export interface ReconciliationRunsTable {
  day: string;
  started_at: Date;
  finished_at: Date | null;
  /** JSONB: written as JSON text, read as the parsed value. */
  summary: ColumnType<unknown, string | null, string | null>;
}

/** A claimed Idempotency-Key of one user, with the response once there is one. */
export interface IdempotencyKeysTable {
  user_id: bigint;
  key: string;
  request_hash: Uint8Array;
  transaction_id: bigint | null;
  response_status: number | null;
  response_body: string | null;
  created_at: Date;
}

/** A number the user saved under a name (db/migrations/014_records.sql). */
export interface SavedBeneficiariesTable {
  id: Identity<bigint>;
  user_id: bigint;
  category: string;
  beneficiary: string;
  name: string;
  provider_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export type ProblemReportStatus = 'open' | 'in-review' | 'resolved';

/** A problem reported about a transaction (db/migrations/014_records.sql). */
export interface ProblemReportsTable {
  id: Identity<bigint>;
  case_number: string;
  user_id: bigint;
  transaction_id: bigint;
  reason: string;
  note: string;
  status: Generated<ProblemReportStatus>;
  created_at: Date;
  updated_at: Date;
  /** What support wrote the customer when resolving the case (038_case_work.sql). */
  resolution_note: string | null;
  resolved_at: Date | null;
}

export type ScheduleCadence = 'once' | 'daily' | 'weekly' | 'monthly' | 'renewal';
export type ScheduleStatus = 'active' | 'paused' | 'ended' | 'deleted';
export type SchedulePause = 'user' | 'failures' | 'price-changed';
export type ScheduleRunOutcome = 'running' | 'completed' | 'processing' | 'failed' | 'missed' | 'skipped';

/** A purchase authorised once to be made again at set times (db/migrations/040_schedules.sql). */
export interface SchedulesTable {
  id: Identity<bigint>;
  user_id: bigint;
  name: string;
  category: string;
  provider_id: number;
  package_id: number | null;
  beneficiary: string;
  amount_kobo: bigint;
  authorised_kobo: bigint;
  authorised_at: Date;
  cadence: ScheduleCadence;
  /** Lagos calendar days, YYYY-MM-DD. */
  run_date: string | null;
  weekday: number | null;
  month_day: number | null;
  due_date: string | null;
  days_before: number | null;
  run_time: number;
  end_kind: 'never' | 'after' | 'on';
  end_runs: number | null;
  end_date: string | null;
  runs_done: Generated<number>;
  failures_in_row: Generated<number>;
  status: ScheduleStatus;
  paused_reason: SchedulePause | null;
  next_run_at: Date | null;
  lease_until: Date | null;
  reminded_for: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One due time of a schedule dealt with, or a retry of a failed one (db/migrations/040_schedules.sql). */
export interface ScheduleRunsTable {
  id: Identity<bigint>;
  schedule_id: bigint;
  user_id: bigint;
  due_at: Date;
  retry_of: bigint | null;
  outcome: ScheduleRunOutcome;
  reason: string | null;
  amount_kobo: bigint | null;
  transaction_id: bigint | null;
  started_at: Date;
  finished_at: Date | null;
}

/** One row: moved by every change of providers or packages (018_catalog_version.sql). */
export interface CatalogVersionTable {
  id: Generated<boolean>;
  version: bigint;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: Date;
}

export type EnrolmentStatus = 'ready' | 'waiting' | 'needs-identity' | 'refused' | 'skipped';

/** Where a user stands with each bank partner (025_identity_first_funding.sql, services/enrolment.ts). */
export interface PartnerEnrolmentsTable {
  user_id: bigint;
  provider: string;
  status: EnrolmentStatus;
  customer_code: string | null;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Identity lookups of the last two days, the number kept as its keyed hash only (services/identityChecks.ts). */
export interface IdentityChecksTable {
  id: Identity<bigint>;
  user_id: bigint;
  identity_hash: Uint8Array;
  checked_at: Date;
}

/** Append-only: an operator's tier 3 decision. */
export interface KycDecisionsTable {
  id: Identity<bigint>;
  user_id: bigint;
  tier: number;
  address: string;
  decided_by: string;
  note: Generated<string>;
  decided_at: Date;
}

export type CardPaymentStatus = 'pending' | 'abandoned' | 'success' | 'failed' | 'disputed';

/** A card top-up through the partner's checkout (026_card_topups.sql, services/cardTopUps.ts). */
export interface CardPaymentsTable {
  id: Identity<bigint>;
  user_id: bigint;
  provider: string;
  reference: string;
  amount_kobo: bigint;
  fee_kobo: bigint;
  charged_kobo: bigint;
  fee_bearer: 'customer' | 'business';
  status: Generated<CardPaymentStatus>;
  partner_status: string | null;
  transaction_id: bigint | null;
  created_at: Date;
  updated_at: Date;
  checked_at: Date | null;
}

/** A transfer webhook not confirmable yet, asked about again by the job (services/transferConfirmation.ts). */
export interface PendingConfirmationsTable {
  provider: string;
  reference: string;
  payload: unknown;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
}

export interface Schema extends ConsoleTables {
  users: UsersTable;
  wallets: WalletsTable;
  transactions: TransactionsTable;
  ledger_movements: LedgerMovementsTable;
  ledger_entries: LedgerEntriesTable;
  virtual_accounts: VirtualAccountsTable;
  incoming_transfers: IncomingTransfersTable;
  partner_enrolments: PartnerEnrolmentsTable;
  identity_checks: IdentityChecksTable;
  kyc_decisions: KycDecisionsTable;
  card_payments: CardPaymentsTable;
  pending_confirmations: PendingConfirmationsTable;
  unmatched_transfers: UnmatchedTransfersTable;
  disputed_transfers: DisputedTransfersTable;
  reconciliation_mismatches: ReconciliationMismatchesTable;
  reconciliation_runs: ReconciliationRunsTable;
  virtual_account_claims: VirtualAccountClaimsTable;
  sessions: SessionsTable;
  email_otps: EmailOtpsTable;
  failed_attempts: FailedAttemptsTable;
  login_failures: LoginFailuresTable;
  rate_limit_counters: RateLimitCountersTable;
  catalog_version: CatalogVersionTable;
  password_reset_tokens: PasswordResetTokensTable;
  account_notices: AccountNoticesTable;
  statement_downloads: StatementDownloadsTable;
  cooling_offs: CoolingOffsTable;
  user_devices: UserDevicesTable;
  not_me_links: NotMeLinksTable;
  account_locks: AccountLocksTable;
  pin_lockouts: PinLockoutsTable;
  notifications: NotificationsTable;
  providers: ProvidersTable;
  packages: PackagesTable;
  purchases: PurchasesTable;
  idempotency_keys: IdempotencyKeysTable;
  saved_beneficiaries: SavedBeneficiariesTable;
  problem_reports: ProblemReportsTable;
  schedules: SchedulesTable;
  schedule_runs: ScheduleRunsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Database = Kysely<Schema>;
/** A database handle or an open transaction: functions that must join the caller's transaction take this. */
export type Executor = Kysely<Schema> | Transaction<Schema>;
