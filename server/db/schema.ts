/**
 * The names the code uses for the database's tables. The tables themselves are generated from
 * the migrations into generated.ts (`npm run db:types`); this file adds only what is ours on top.
 */
import type { Kysely, SelectType, Transaction } from 'kysely';
import type {
  CardPayments,
  CoolingOffs,
  DB,
  EmailOtps,
  PartnerEnrolments,
  PasswordResetTokens,
  SavedBeneficiaries,
  ScheduleRuns,
  Schedules,
  Staff,
  StaffSessions,
  Transactions,
} from './generated';

/** Every table, as the migrations build it. */
export type Schema = DB;
export type Database = Kysely<Schema>;
/** A database handle or an open transaction: functions that must join the caller's transaction take this. */
export type Executor = Kysely<Schema> | Transaction<Schema>;

/** A row of an outer join's optional side: every column may be null. */
export type Nullable<T> = { [K in keyof T]: T[K] | null };

export type TransactionsTable = Transactions;
export type SavedBeneficiariesTable = SavedBeneficiaries;
export type SchedulesTable = Schedules;
export type ScheduleRunsTable = ScheduleRuns;
export type StaffTable = Staff;

/** The values a column's CHECK constraint allows. */
type Allowed<Table, Column extends keyof Table> = NonNullable<SelectType<Table[Column]>>;

/** What an e-mailed code is for; a code only ever serves its own purpose. */
export type OtpPurpose = Allowed<EmailOtps, 'purpose'>;
export type ResetStage = Allowed<PasswordResetTokens, 'stage'>;
export type CoolingOffReason = Allowed<CoolingOffs, 'reason'>;
export type EnrolmentStatus = Allowed<PartnerEnrolments, 'status'>;
export type CardPaymentStatus = Allowed<CardPayments, 'status'>;
export type ScheduleRunOutcome = Allowed<ScheduleRuns, 'outcome'>;
export type StaffSessionStage = Allowed<StaffSessions, 'stage'>;
