import type { Notification, Transaction, TransactionStatus, UserData } from '../core/contract';

/**
 * The user, transactions and notifications the machine and component tests share. A test that
 * needs a detail of its own spreads the fixture and names only that detail.
 */

/** Ada's account as the server sends it: e-mail verified, transaction pin set (the marker), no wrong pins. */
export const ada: UserData = {
  tenant: '0',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  phone_verified: false,
  accounts: [],
  wallet_balance: 1500,
  pin: 'set',
  pin_attempts: 0,
  max_attempts: 3,
  pin_locked: false,
  nin: '',
  bvn: '',
  avatar: '',
  token: 'session-token-1',
  email_verified_at: '2025-01-01T00:00:00Z',
  limits: { tier: 1, daily_limit: 50_000, spent_today: 0, left_today: 50_000, balance_cap: 300_000, can_fund: true },
  cashback_total: 0,
  // The server's defaults: 30 idle minutes, 12 hours in all.
  session_idle_seconds: 30 * 60,
  session_lifetime_seconds: 12 * 60 * 60,
  language: 'en',
};

/** The pin Ada types; the server knows it, the app never holds it. */
export const ADA_PIN = '2580';

/** What a signed-in session holds of Ada when a test cares only that someone is signed in. */
export const adaSignedIn: Partial<UserData> = { name: ada.name, email: ada.email, token: ada.token };

/** Signed in, verified and with a pin: what the pin dialog and the purchase flows need. */
export const adaWithPin: Partial<UserData> = { ...adaSignedIn, pin: ada.pin, email_verified_at: ada.email_verified_at };

/** The `id`th airtime purchase of a list: ₦100 × id, described "Airtime purchase <id>", reference NW-<id>. */
export const airtimePurchase = (id: number, status: TransactionStatus = 'completed'): Transaction => ({
  id,
  category: 'airtime',
  amount: 100 * id,
  status,
  created_at: '2026-11-21T10:00:00Z',
  reference: `NW-${id}`,
  from: 'Wallet',
  to: '08031234567',
  description: `Airtime purchase ${id}`,
  display_name: '',
  display_value: '',
});

/** A prepaid-meter purchase that delivered a token to copy. */
export const electricityToken: Transaction = {
  id: 42,
  category: 'electricity-bill',
  amount: 12500.5,
  status: 'completed',
  created_at: '2026-11-21T10:00:00Z',
  reference: 'NW-20261121-0042',
  from: 'Wallet',
  to: '45012345678',
  description: 'Ikeja Electric prepaid 45012345678',
  display_name: 'Token',
  display_value: '1234-5678-9012-3456-7890',
};

/** Unread: a transfer arrived. */
export const walletFunded: Notification = {
  id: 7,
  title: 'Wallet funded',
  content: '₦5,000.00 received',
  created_at: '2026-11-21T10:00:00Z',
  status: 'unread',
};

/** Read: the first notification every account gets. */
export const welcome: Notification = {
  id: 3,
  title: 'Welcome',
  content: 'Your wallet is ready',
  created_at: '2026-11-20T10:00:00Z',
  status: 'read',
};
