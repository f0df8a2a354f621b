/**
 * The contract both halves share (DESIGN.md §3): request and response shapes only, no code.
 * The server imports these types; the SPA's api modules return them.
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
}

/** The user fields of SPEC.md §3 as the server sends them (login, register, get-user, set-pin). */
export interface UserData {
  tenant: string;
  name: string;
  email: string;
  phone: string;
  accounts: VirtualAccount[];
  wallet_balance: number;
  pin: string;
  nin: string;
  bvn: string;
  avatar: string;
  token: string;
  email_verified_at: string | null;
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
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

// Requests of the account flow (SPEC.md §7).
export interface RegisterRequest {
  device: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  token: string;
}
export interface LoginRequest {
  device: string;
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

// Requests of the wallet and account pages (SPEC.md §7).
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

// Development conveniences (DESIGN.md §3, development mode only).
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
  status: 'credited' | 'duplicate' | 'ignored';
  reference: string;
  reason?: string;
}

// Purchases (SPEC.md §7, DESIGN.md §3). Every purchase also sends the transaction `pin` and an
// `Idempotency-Key` header; the server checks the pin itself and executes a repeated key once.
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
}
/** What a purchase answers in `data`: the transaction it created (with any token or pin in display_value). */
export type PurchaseResult = Transaction;

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
