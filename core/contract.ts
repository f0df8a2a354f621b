import { z } from 'zod';
import { LOCALES, type Locale } from './i18n/locales';

/**
 * The contract both halves share: the shapes of requests and answers. Every answer's `data` is a
 * zod schema here, and its type is inferred from it: the server describes its answers with the
 * schemas (the OpenAPI document, routes/openapi.ts) and the app reads the inferred types, so the
 * two cannot drift. The app imports this file for its types only (`import type`, held by ESLint):
 * zod never reaches the browser. Requests stay plain types: the server's own schemas, which carry
 * the messages the user sees, parse them (server/routes).
 */

export type ResponseType = 'success' | 'error';

/** An instant as the server writes it: ISO 8601 in UTC. */
const instant = z.iso.datetime({ offset: true });
/** A calendar day in Lagos: YYYY-MM-DD. */
const lagosDay = z.iso.date();
const id = z.number().int().positive();

/** Every response, success or not. */
export interface Envelope<T = unknown> {
  type: ResponseType;
  message: string;
  data?: T;
}

export const VirtualAccount = z
  .strictObject({
    bank_name: z.string(),
    account_number: z.string(),
    /**
     * The name the partner gave the account (the verified identity holder's); null for an account
     * opened before identity came first. Additive.
     */
    account_name: z.string().nullable().optional(),
  })
  .meta({ id: 'VirtualAccount' });
export type VirtualAccount = z.infer<typeof VirtualAccount>;

/**
 * What the user's `pin` field holds: a marker that a transaction pin is set, never the pin nor
 * anything it could be recovered from (a hash of four digits is the pin). Login routing reads
 * it: no pin → /set-pin.
 */
export const PinMarker = z.enum(['set', '']);
export type PinMarker = z.infer<typeof PinMarker>;

/** A user's KYC tier (core/tiers.ts) and what it allows, in naira; the day is Africa/Lagos's. */
export const Limits = z
  .strictObject({
    /** 0: no verified BVN or NIN, the wallet cannot be funded. */
    tier: z.literal([0, 1, 2, 3]),
    /** Whether money may be added (account numbers, card top-ups): a verified BVN or NIN. */
    can_fund: z.boolean(),
    daily_limit: z.number(),
    spent_today: z.number(),
    left_today: z.number(),
    /** null: no cap. */
    balance_cap: z.number().nullable(),
  })
  .meta({ id: 'Limits' });
export type Limits = z.infer<typeof Limits>;

/** The user as the server sends it (login, register, get-user, set-pin and the account calls). */
export const UserData = z
  .strictObject({
    tenant: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Whether the owner proved the phone theirs with a texted code: only a verified phone gets texts. Additive. */
    phone_verified: z.boolean(),
    accounts: z.array(VirtualAccount),
    wallet_balance: z.number(),
    /** A marker, never the pin: 'set' when the user has a transaction pin, '' when not. */
    pin: PinMarker,
    /** Wrong transaction pins in a row so far (the server's counter, shared by every screen and session). */
    pin_attempts: z.number().int(),
    /** The server's threshold: one more wrong pin once `pin_attempts` has reached it ends every session. */
    max_attempts: z.number().int(),
    /** Purchases and change-pin are refused until the pin is reset (repeated wrong-pin logouts). */
    pin_locked: z.boolean(),
    /**
     * The verified NIN and BVN masked to their last four digits ('•••••••1234'), '' when none is
     * verified: never the number.
     */
    nin: z.string(),
    bvn: z.string(),
    avatar: z.string(),
    token: z.string(),
    email_verified_at: instant.nullable(),
    /** The KYC tier and its limits, with today's purchases. Additive. */
    limits: Limits,
    /** Every cashback credited so far, in naira. Additive. */
    cashback_total: z.number(),
    /**
     * The session's rules, in seconds: it ends after this long without a call but the polls, and
     * this long after login whatever happens. The app forgets a stored session past either, even
     * offline, so a shared phone does not keep showing its owner's money. Additive.
     */
    session_idle_seconds: z.number().int(),
    session_lifetime_seconds: z.number().int(),
    /**
     * The language the account is spoken to in (core/i18n/locales.ts): its e-mails, texts and
     * notifications, and the answers once signed in, on every device. Additive.
     */
    language: z.enum(LOCALES),
  })
  .meta({ id: 'UserData' });
export type UserData = z.infer<typeof UserData>;

export const Package = z.strictObject({ id, name: z.string(), amount: z.number() }).meta({ id: 'Package' });
export type Package = z.infer<typeof Package>;

/**
 * Why a product (a provider of a service) is not sold now: its biller was failing (`failing`:
 * tried again from `back_at` on its own) or staff paused it (`staff`: back when they resume it,
 * `back_at` null). The screen says so and its form is disabled; a purchase is refused (503).
 */
export const ProductPause = z
  .strictObject({ cause: z.enum(['failing', 'staff']), back_at: instant.nullable() })
  .meta({ id: 'ProductPause' });
export type ProductPause = z.infer<typeof ProductPause>;

export const Provider = z
  .strictObject({ id, name: z.string(), packages: z.array(Package), paused: ProductPause.nullable() })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof Provider>;

/** fetch-providers: providers grouped by category key (airtime, electricity-bill, data, ...). */
export const ProvidersByCategory = z.record(z.string(), z.array(Provider)).meta({ id: 'ProvidersByCategory' });
export type ProvidersByCategory = z.infer<typeof ProvidersByCategory>;

export const NotificationStatus = z.enum(['unread', 'read']);
export type NotificationStatus = z.infer<typeof NotificationStatus>;

export const Notification = z
  .strictObject({ id, title: z.string(), content: z.string(), created_at: instant, status: NotificationStatus })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const TransactionStatus = z.enum(['pending', 'processing', 'completed', 'canceled']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const Transaction = z
  .strictObject({
    id,
    category: z.string(),
    amount: z.number(),
    status: TransactionStatus,
    created_at: instant,
    reference: z.string(),
    from: z.string(),
    to: z.string(),
    description: z.string(),
    display_name: z.string(),
    display_value: z.string(),
    /**
     * The holder the biller knows under the number billed (meter, betting account, smartcard),
     * verified by the server before it took the money; absent for services that verify nothing.
     */
    customer_name: z.string().optional(),
    /** The cashback a completed purchase earned, in naira; absent when none. */
    cashback: z.number().optional(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;

/** fetch-transactions: one page of the activity list, newest first. */
export const TransactionPage = z
  .strictObject({
    data: z.array(Transaction),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  })
  .meta({ id: 'TransactionPage' });
/** A page of any list, shaped as the activity list's. */
export type Paginated<T> = Omit<z.infer<typeof TransactionPage>, 'data'> & { data: T[] };

// Requests of the account flow (docs/product.md, "Account").
export interface RegisterRequest {
  device: string;
  /**
   * The random id this browser keeps (src/api/kit/storage.ts): a sign-in from a device the account has
   * not used is announced to its owner.
   */
  device_id?: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  token: string;
}
/**
 * POST /api/reset-link (bearer: a reset link at its last stage): whether its account already has a
 * pin, which the link does not replace.
 */
export const ResetLinkStatus = z.strictObject({ pin_set: z.boolean() }).meta({ id: 'ResetLinkStatus' });
export type ResetLinkStatus = z.infer<typeof ResetLinkStatus>;
export interface LoginRequest {
  device: string;
  device_id?: string;
  email: string;
  password: string;
  /** A captcha token: needed once the e-mail has had several failed logins in a row (answered with LoginRefusal). */
  token?: string;
}
/** `data` of a login refused until it comes back with a captcha token (403). */
export const LoginRefusal = z.strictObject({ reason: z.literal('captcha-required') }).meta({ id: 'LoginRefusal' });
export type LoginRefusal = z.infer<typeof LoginRefusal>;
/**
 * `data` of a login refused until the account's password is reset with the e-mailed link (429):
 * past this many failures in a row no password is checked.
 */
export const LoginResetRequired = z
  .strictObject({ reason: z.literal('reset-required') })
  .meta({ id: 'LoginResetRequired' });
export type LoginResetRequired = z.infer<typeof LoginResetRequired>;
/**
 * `data` of a set-pin with a reset link refused because its account has a pin, which the link does
 * not replace (409).
 */
export const PinKept = z.strictObject({ reason: z.literal('pin-kept') }).meta({ id: 'PinKept' });
export type PinKept = z.infer<typeof PinKept>;
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
  /** YYYY-MM-DD, required with a NIN or BVN: the one on its record ('' with neither). */
  date_of_birth: string;
}
export interface SetLanguageRequest {
  language: Locale;
}

// Funding (server: POST /api/funding, /api/funding/identity, /api/card-topups, /api/card-topups/verify).
/** Where the user stands with one live bank partner. */
export const PartnerFunding = z
  .strictObject({
    /** The partner as users read it: 'Monnify', 'Paystack'. */
    partner: z.string(),
    /**
     * ready: its accounts are listed; creating: it answers later (this screen polls);
     * needs-identity: type the BVN or NIN again (it could not be reached, or was never asked);
     * refused / skipped: `message` says why and what to do.
     */
    status: z.enum(['ready', 'creating', 'needs-identity', 'refused', 'skipped']),
    message: z.string(),
    /** What this partner needs that the verification form should ask for. */
    needs: z.array(z.enum(['bvn', 'bank_account'])),
  })
  .meta({ id: 'PartnerFunding' });
export type PartnerFunding = z.infer<typeof PartnerFunding>;
/** A card top-up as /funding lists it. */
export const CardPayment = z
  .strictObject({
    reference: z.string(),
    /** Naira to the wallet. */
    amount: z.number(),
    fee: z.number(),
    /** Naira the card was (or is to be) charged. */
    charged: z.number(),
    status: z.enum(['pending', 'abandoned', 'success', 'failed', 'disputed']),
    created_at: instant,
  })
  .meta({ id: 'CardPayment' });
export type CardPayment = z.infer<typeof CardPayment>;
/** How card top-ups work for this user now; null when no live partner takes cards. */
export const CardTopUpTerms = z
  .strictObject({
    provider: z.string(),
    fee_bearer: z.enum(['customer', 'business']),
    /** Naira. */
    min: z.number(),
    /** Naira: the smaller of the top-up limit and what the tier lets the wallet still hold. */
    max: z.number(),
  })
  .meta({ id: 'CardTopUpTerms' });
export type CardTopUpTerms = z.infer<typeof CardTopUpTerms>;
/** POST /api/funding: everything /funding shows. */
export const FundingStatus = z
  .strictObject({
    /** Which identity numbers are verified: none means the wallet cannot be funded. */
    identity: z.strictObject({ bvn: z.boolean(), nin: z.boolean() }),
    accounts: z.array(VirtualAccount),
    partners: z.array(PartnerFunding),
    card: CardTopUpTerms.nullable(),
    /** The latest card top-ups, newest first. */
    card_payments: z.array(CardPayment),
  })
  .meta({ id: 'FundingStatus' });
export type FundingStatus = z.infer<typeof FundingStatus>;
/**
 * POST /api/funding/identity: verifies (or, when verified before, confirms) a BVN or a NIN —
 * exactly one — and hands it to the partners.
 */
export interface FundingIdentityRequest {
  bvn?: string;
  nin?: string;
  /** YYYY-MM-DD: the one on the number's record. */
  date_of_birth: string;
  /** The user's own bank account, with a BVN: Paystack validates the two together. Both or neither. */
  bank_code?: string;
  bank_account_number?: string;
}
export interface CardTopUpRequest {
  /** Naira to the wallet, at most two decimals. */
  amount: number | string;
}
/** A card top-up started: send the customer to `authorization_url` (the partner's checkout). */
export const CardTopUpStarted = z
  .strictObject({ reference: z.string(), authorization_url: z.string(), payment: CardPayment })
  .meta({ id: 'CardTopUpStarted' });
export type CardTopUpStarted = z.infer<typeof CardTopUpStarted>;
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
/** POST /api/send-phone-code: no body; the phone on file gets a 6-digit code by SMS. */
export type SendPhoneCodeRequest = Record<string, never>;
/** POST /api/verify-phone: the code texted to the phone on file. */
export interface VerifyPhoneRequest {
  otp: string;
}
/**
 * A purchase or change-pin refused for its pin, in the error answer's `data`.
 * `pin-incorrect` (400): wrong, counted; the same Idempotency-Key may be sent again with the right pin.
 */
export const PinIncorrect = z
  .strictObject({
    reason: z.literal('pin-incorrect'),
    pin_attempts: z.number().int(),
    max_attempts: z.number().int(),
    /** max(max_attempts - pin_attempts, 0): wrong pins left before the next one logs out. */
    attempts_left: z.number().int(),
  })
  .meta({ id: 'PinIncorrect' });
export type PinIncorrect = z.infer<typeof PinIncorrect>;
/** 401: a wrong pin after the counter had reached max_attempts; every session of the user is revoked. */
export const PinLogout = z.strictObject({ reason: z.literal('pin-logout') }).meta({ id: 'PinLogout' });
export type PinLogout = z.infer<typeof PinLogout>;
/** 423: purchases and change-pin are locked until the pin is reset (Forgot pin?). */
export const PinLocked = z.strictObject({ reason: z.literal('pin-locked') }).meta({ id: 'PinLocked' });
export type PinLocked = z.infer<typeof PinLocked>;
export type PinRefusal = PinIncorrect | PinLogout | PinLocked;
export type PinRefusalReason = PinRefusal['reason'];

/** 403: a purchase past what the cooling-off after a reset or a new device still allows. */
export const CoolingOffRefusal = z
  .strictObject({
    reason: z.literal('cooling-off'),
    /** When the cooling-off ends. */
    until: instant,
    /** Naira that may still be spent until then. */
    left: z.number(),
  })
  .meta({ id: 'CoolingOffRefusal' });
export type CoolingOffRefusal = z.infer<typeof CoolingOffRefusal>;

/** 503 (with Retry-After): the product is paused; nothing was bought and no money moved. */
export const ProductPausedRefusal = z
  .strictObject({ reason: z.literal('product-paused'), provider_id: id, paused: ProductPause })
  .meta({ id: 'ProductPausedRefusal' });
export type ProductPausedRefusal = z.infer<typeof ProductPausedRefusal>;

// Development conveniences, served in development mode only (production answers 404).
/**
 * POST /dev/bank/transfer: a customer's transfer into a dedicated account, delivered as the bank
 * partner's signed webhook.
 */
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
export const DevBankTransferResult = z
  .strictObject({
    /**
     * unmatched: no wallet has the account number; the money is held in suspense, credited to no one.
     * disputed: the partner's records contradict the webhook; not credited.
     */
    status: z.enum(['credited', 'duplicate', 'unmatched', 'disputed', 'ignored']),
    reference: z.string(),
    reason: z.string().optional(),
  })
  .meta({ id: 'DevBankTransferResult' });
export type DevBankTransferResult = z.infer<typeof DevBankTransferResult>;

// Purchases: POST /api/<category>, one call per service. Every purchase also sends the transaction
// `pin` and an `Idempotency-Key` header; the server checks the pin itself and executes a repeated
// key once.
/** What confirms a purchase or a schedule: the transaction pin, or a passkey in its place. */
export interface PinOrPasskey {
  pin?: string;
  /** In place of the pin: a passkey's answer to `/api/passkeys/confirm/start` (core/passkeys.ts PasskeyAnswer). */
  passkey?: { ceremony: string; response: Record<string, unknown> };
}
export interface AmountPurchaseRequest extends PinOrPasskey {
  provider_id: number;
  beneficiary: string;
  /** Naira, at most two decimals; a number or a numeric string. */
  amount: number | string;
}
export interface PlanPurchaseRequest extends PinOrPasskey {
  provider_id: number;
  package_id: number;
  beneficiary: string;
}
export interface VerifyMerchantRequest {
  provider_id: number;
  beneficiary: string;
}
/** verify-merchant: name plus address (electricity) or username (betting); name alone (cable). */
export const MerchantDetails = z
  .strictObject({
    name: z.string(),
    address: z.string().optional(),
    username: z.string().optional(),
    /** Cable TV: what renewing the current bouquet costs, in naira, when the biller says. */
    renewal_amount: z.number().optional(),
    /** Cable TV: the bouquet the smartcard is on, when the biller says. */
    current_plan: z.string().optional(),
    /**
     * Cable TV: the Lagos day the subscription is due, when the biller says (DStv and GOtv do; it
     * sets a renewal schedule).
     */
    due_date: lagosDay.optional(),
  })
  .meta({ id: 'MerchantDetails' });
export type MerchantDetails = z.infer<typeof MerchantDetails>;
/** What a purchase answers in `data`: the transaction it created (with any token or pin in display_value). */
export type PurchaseResult = Transaction;

/** Every answer of a purchase call: the transaction on success; a pin refusal's reason, or nothing, with an error. */
export type PurchaseAnswer =
  (Envelope<PurchaseResult> & { type: 'success' }) | (Envelope<PinRefusal> & { type: 'error' });

// Recent beneficiaries (server: POST /api/recent-beneficiaries).
export interface RecentBeneficiariesRequest {
  /** A purchase category: airtime, data, electricity-bill, betting, tv-subscription, education. */
  category: string;
}
/**
 * One of the caller's last five distinct beneficiaries of a category, most recent first, with the
 * provider used last.
 */
export const RecentBeneficiary = z
  .strictObject({ beneficiary: z.string(), provider_id: id, provider_name: z.string() })
  .meta({ id: 'RecentBeneficiary' });
export type RecentBeneficiary = z.infer<typeof RecentBeneficiary>;

// Saved beneficiaries (server: POST /api/beneficiaries/{list,save,rename,delete}).
/** A number the user saved under a name for one service category. */
export const SavedBeneficiary = z
  .strictObject({
    id,
    category: z.string(),
    beneficiary: z.string(),
    name: z.string(),
    /** The provider chosen when it was saved; null when none was (or it is no longer offered). */
    provider_id: id.nullable(),
  })
  .meta({ id: 'SavedBeneficiary' });
export type SavedBeneficiary = z.infer<typeof SavedBeneficiary>;
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
export const ProblemReportStatus = z.enum(['open', 'in-review', 'resolved']);
export type ProblemReportStatus = z.infer<typeof ProblemReportStatus>;
/** A case opened about one transaction; its number is what support is told. */
export const ProblemReport = z
  .strictObject({
    case_number: z.string(),
    transaction_id: id,
    reference: z.string(),
    reason: z.string(),
    note: z.string(),
    status: ProblemReportStatus,
    created_at: instant,
    /** What support wrote when resolving the case (also e-mailed); null until then. */
    resolution_note: z.string().nullable(),
  })
  .meta({ id: 'ProblemReport' });
export type ProblemReport = z.infer<typeof ProblemReport>;
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
export const StatementSummary = z
  .strictObject({
    from: lagosDay,
    to: lagosDay,
    opening_balance: z.number(),
    total_credits: z.number(),
    total_debits: z.number(),
    closing_balance: z.number(),
    entries: z.number().int(),
  })
  .meta({ id: 'StatementSummary' });
export type StatementSummary = z.infer<typeof StatementSummary>;

// Schedules (server: POST /api/schedules/{list,draft,create,update,pause,resume,delete,retry,accept-price,authorise}).
/** How often a schedule runs; 'renewal' renews a DStv or GOtv subscription a number of days before its due date. */
export const ScheduleFrequency = z.enum(['once', 'daily', 'weekly', 'monthly', 'renewal']);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequency>;
/** When a schedule stops: never, after a number of runs, or after its last run on or before a Lagos day. */
export const ScheduleEnd = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('never') }),
  z.strictObject({ kind: z.literal('after'), runs: z.number().int() }),
  z.strictObject({ kind: z.literal('on'), date: lagosDay }),
]);
export type ScheduleEnd = z.infer<typeof ScheduleEnd>;
/** Why a run could not happen, was missed or skipped (core/messages.ts words each for the user). */
export const ScheduleRunReason = z.enum([
  'insufficient-balance',
  'daily-limit',
  'price-changed',
  'provider-unavailable',
  'not-available',
  'customer-not-found',
  'biller-failed',
  'pin-locked',
  'account-locked',
  'missed',
  'already-renewed',
  'awaiting-renewal',
  'product-paused',
  'refused',
]);
export type ScheduleRunReason = z.infer<typeof ScheduleRunReason>;
/** What became of a run: its purchase completed, is processing, was refunded (canceled), or no purchase was made. */
export const ScheduleRunOutcome = z.enum([
  'running',
  'completed',
  'processing',
  'canceled',
  'failed',
  'missed',
  'skipped',
]);
export type ScheduleRunOutcome = z.infer<typeof ScheduleRunOutcome>;
export const ScheduleRun = z
  .strictObject({
    id,
    /** The due time it was for (a retry: when it was asked for). */
    due_at: instant,
    /** When it tried, and bought or was refused; null while it runs. */
    tried_at: instant.nullable(),
    outcome: ScheduleRunOutcome,
    reason: ScheduleRunReason.nullable(),
    /** In the user's words: what happened and, when it failed, what to do. */
    message: z.string(),
    amount: z.number().nullable(),
    transaction_id: id.nullable(),
    /** The run failed or was missed, it is the schedule's latest, and a retry may be asked for (Retry now). */
    retryable: z.boolean(),
  })
  .meta({ id: 'ScheduleRun' });
export type ScheduleRun = z.infer<typeof ScheduleRun>;
/** What a schedule buys: a service's provider, plan (or amount) and the number billed. */
const scheduleProduct = {
  category: z.string(),
  provider_id: id,
  /** Plan-priced services; null for an amount, and for a cable renewal. */
  package_id: id.nullable(),
  beneficiary: z.string(),
  /** Amount-priced services (naira); null for a plan and a renewal, whose price the server knows. */
  amount: z.number().nullable(),
};
export type ScheduleProduct = z.infer<z.ZodObject<typeof scheduleProduct>>;
/** A completed purchase as a schedule would repeat it (Repeat this), with a name to start from. */
export const ScheduleDraft = z.strictObject({ ...scheduleProduct, name: z.string() }).meta({ id: 'ScheduleDraft' });
export type ScheduleDraft = z.infer<typeof ScheduleDraft>;
export interface ScheduleDraftRequest {
  transaction_id: number;
}
/** When a schedule runs, in Lagos time: a time of day (HH:MM) and the fields of its frequency. */
const scheduleTiming = {
  frequency: ScheduleFrequency,
  /** once: the day. */
  date: lagosDay.nullable().optional(),
  /** weekly: 0 Sunday … 6 Saturday. */
  weekday: z.number().int().nullable().optional(),
  /** monthly: 1–31 (a shorter month runs on its last day). */
  month_day: z.number().int().nullable().optional(),
  /** renewal: days before the due date, 0–14. */
  days_before: z.number().int().nullable().optional(),
  time: z.string(),
  end: ScheduleEnd,
};
export type ScheduleTiming = z.infer<z.ZodObject<typeof scheduleTiming>>;
/**
 * Creating a schedule authorises its runs with the transaction pin (or a passkey in its place),
 * each up to the amount shown.
 */
export interface CreateScheduleRequest extends ScheduleProduct, ScheduleTiming, PinOrPasskey {
  name: string;
}
export interface UpdateScheduleRequest extends CreateScheduleRequest {
  schedule_id: number;
}
export interface ScheduleIdRequest {
  schedule_id: number;
}
/** Re-authorises a schedule paused because its price rose: the new price, with the pin or a passkey. */
export type AcceptSchedulePriceRequest = ScheduleIdRequest & PinOrPasskey;
/** Re-authorises a schedule paused by the account's recovery, with the pin or a passkey. */
export type AuthoriseScheduleRequest = AcceptSchedulePriceRequest;
export const ScheduleStatus = z.enum(['active', 'paused', 'ended']);
export type ScheduleStatus = z.infer<typeof ScheduleStatus>;
export const Schedule = z
  .strictObject({
    ...scheduleTiming,
    id,
    name: z.string(),
    category: z.string(),
    provider_id: id,
    provider_name: z.string(),
    package_id: id.nullable(),
    package_name: z.string().nullable(),
    beneficiary: z.string(),
    /** What each run buys for (naira); a renewal's is the renewal amount last verified. */
    amount: z.number(),
    /** The most a run may spend, as authorised with the pin. */
    authorised: z.number(),
    /** renewal: the due date the biller last told. */
    due_date: lagosDay.nullable(),
    runs_done: z.number().int(),
    status: ScheduleStatus,
    /**
     * Why it is paused: by the user, after three runs in a row could not happen, because the price
     * rose, or because the account was recovered (authorised again with the pin).
     */
    paused_reason: z.enum(['user', 'failures', 'price-changed', 'recovery']).nullable(),
    next_run_at: instant.nullable(),
    last_run: ScheduleRun.nullable(),
    /** Paused for its price: what the product costs now, to accept with the pin. */
    new_price: z.number().nullable(),
    created_at: instant,
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof Schedule>;
