/**
 * Kysely's view of the operator console's tables (migrations 035–038): staff, their sessions and
 * recovery codes, the append-only audit, maker-checker money requests, address decisions and the
 * ledger audit's runs. Part of `Schema` (schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

type Identity<T> = ColumnType<T, never, never>;
/** JSONB: written as JSON text, read as the parsed value. */
type Json = ColumnType<unknown, string | null, never>;

export type StaffRoleColumn = 'support' | 'finance' | 'admin';
export type CaseWorkStatus = 'open' | 'acknowledged' | 'resolved';

export interface StaffTable {
  id: Identity<bigint>;
  email: string;
  name: string;
  role: StaffRoleColumn;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: bigint | null;
  enrolled_at: Date | null;
  failed_attempts: Generated<number>;
  locked_until: Date | null;
  invitation_hash: Uint8Array | null;
  invitation_expires_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
  created_by: bigint | null;
}

export interface StaffRecoveryCodesTable {
  staff_id: bigint;
  code_hash: Uint8Array;
  used_at: Date | null;
}

export type StaffSessionStage = 'second-factor' | 'enrolment' | 'signed-in';

export interface StaffSessionsTable {
  id: Identity<bigint>;
  staff_id: bigint;
  token_hash: Uint8Array;
  stage: StaffSessionStage;
  factor_failures: Generated<number>;
  address: string;
  created_at: Date;
  last_active_at: Date;
  revoked_at: Date | null;
}

export interface StaffAuditTable {
  id: Identity<bigint>;
  at: Date;
  staff_id: bigint | null;
  actor: string;
  action: string;
  customer_id: bigint | null;
  subject: string | null;
  address: string | null;
  before: Json;
  after: Json;
}

export type MoneyRequestKind = 'suspense-match' | 'suspense-return' | 'goodwill-credit' | 'goodwill-debit';
export type MoneyRequestStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';

export interface MoneyRequestsTable {
  id: Identity<bigint>;
  kind: MoneyRequestKind;
  status: Generated<MoneyRequestStatus>;
  amount_kobo: bigint;
  customer_id: bigint | null;
  incoming_transfer_id: bigint | null;
  reason: string;
  needs_admin: boolean;
  maker_id: bigint;
  created_at: Date;
  expires_at: Date;
  checker_id: bigint | null;
  decided_at: Date | null;
  decision_note: string | null;
  movement_id: bigint | null;
  transaction_id: bigint | null;
}

export interface AddressDecisionsTable {
  id: Identity<bigint>;
  user_id: bigint;
  staff_id: bigint;
  verified: boolean;
  note: string;
  decided_at: Date;
}

export interface LedgerAuditRunsTable {
  id: Identity<bigint>;
  ran_at: Date;
  problem_count: number;
  problems: Json;
}

export interface ConsoleTables {
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  money_requests: MoneyRequestsTable;
  address_decisions: AddressDecisionsTable;
  audit_runs: LedgerAuditRunsTable;
}
