import { createActor, fromCallback, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { Passkey } from '../../core/passkeys';
import type {
  CardPayment,
  CardTopUpStarted,
  FundingStatus,
  ProblemReport,
  SavedBeneficiary,
  StatementSummary,
  Transaction,
  UserData,
} from '../../core/contract';
import { serviceByKey } from '../../core/services';
import { ada } from '../../testkit/fixtures';
import { createTestSession } from '../../testkit/testSession';

/**
 * Every event of every machine in src/machines with its payload filled, every invoked actor's
 * answer, and how each machine is started: secrets planted where a field is one (a password, a
 * pin, a BVN, a token), innocent values elsewhere (a phone number, an amount). The inspector's
 * masking test looks for the planted secrets in what the inspector receives; the machine pages
 * (scripts/machines-docs.ts) walk the machines with these events to count their paths.
 */

// ── Planted values ─────────────────────────────────────────────────────────────────────────

export const PASSWORD = 'Planted-Passw0rd!';
export const PIN = '9374';
export const BOX_DIGITS = ['9', '3', '7', '4'];
export const boxes = (count: number) =>
  Array.from({ length: count }, (_, index) => BOX_DIGITS[index % BOX_DIGITS.length]);
export const BVN = '22334455667';
export const NIN = '98765432109';
export const SESSION_TOKEN = 'pLaNtEdSeSsIoNtOkEn0123456789abcdefGHIJKLm';
export const RESET_TOKEN = 'rEsEtLiNkToKeN9876543210zyxwvuABCDEFGHIJKLm';
export const CAPTCHA_TOKEN = 'planted-captcha-answer';
/** A bought electricity token, shown to its buyer and copied by them, never to the inspector. */
export const BOUGHT_TOKEN = '5161-7182-9305-4417-2283';
/** The date of birth typed with a BVN or NIN: the proof that binds the number, kept from the inspector as the number is. */
export const BORN = '1990-01-01';
/** The code texted to verify a phone, typed or read from the text by the browser. */
export const PHONE_CODE = '739148';
/**
 * A passkey's signature over the server's challenge, which confirms a purchase or a schedule in
 * place of the pin: kept from the inspector as the pin is.
 */
export const PASSKEY_SIGNATURE = 'MEUCIQDpLaNtEdSiGnAtUrE5r7Kq2Wx9Zb4Tn8Vh3Jm6AIgXyZqrstuvLmNoPq';
export const SECRETS = [
  PASSWORD,
  PIN,
  BVN,
  NIN,
  SESSION_TOKEN,
  RESET_TOKEN,
  CAPTCHA_TOKEN,
  BOUGHT_TOKEN,
  BORN,
  PHONE_CODE,
  PASSKEY_SIGNATURE,
];

export const PHONE = '08031234567';
export const METER = '45067823451';
export const ACCOUNT_NUMBER = '0123456789';
export const AMOUNT = '5000';
export const EMAIL = 'ada@example.com';
export const IDEMPOTENCY_KEY = '3b241101-e2bb-4255-8caf-4136c566a962';
export const INNOCENTS = [PHONE, METER, ACCOUNT_NUMBER, AMOUNT, EMAIL, IDEMPOTENCY_KEY];

/** A passkey as /profile lists it: nothing of it is secret (its public credential id, its name). */
export const plantedPasskey: Passkey = {
  id: 4,
  name: 'My phone',
  credential_id: 'cHJvb2Ytb2YtYS1wYXNza2V5',
  created_at: '2026-11-20T09:00:00Z',
  last_used_at: null,
  backed_up: true,
};

/** The phone's signed answer to a confirmation's challenge, as the pin dialog hands it to its owner. */
export const plantedAssertion = {
  ceremony: 'planted-ceremony',
  response: {
    id: plantedPasskey.credential_id,
    type: 'public-key',
    response: { signature: PASSKEY_SIGNATURE },
  },
};

export const plantedUser: UserData = {
  ...ada,
  phone: PHONE,
  nin: NIN,
  bvn: BVN,
  token: SESSION_TOKEN,
  accounts: [{ bank_name: 'Wema Bank', account_number: ACCOUNT_NUMBER }],
};

/** A number saved for a service: a phone number, innocent. */
export const savedNumber: SavedBeneficiary = {
  id: 7,
  category: 'airtime',
  beneficiary: PHONE,
  name: 'Mum',
  provider_id: 12,
};

/** The case opened on the transaction that sold the token. */
export const problemReport: ProblemReport = {
  case_number: 'NW-7K3QX9A2',
  transaction_id: 1,
  reference: '2026112210001a2b3c4d5e6f',
  reason: 'still-processing',
  note: `Paid ${AMOUNT} for meter ${METER} yesterday`,
  status: 'open',
  created_at: '2026-11-22T10:05:00Z',
  resolution_note: null,
};

export const boughtToken: Transaction = {
  id: 1,
  category: 'electricity-bill',
  amount: Number(AMOUNT),
  status: 'completed',
  created_at: '2026-11-22T10:00:00Z',
  reference: '2026112210001a2b3c4d5e6f',
  from: 'Wallet',
  to: METER,
  description: 'Electricity purchase',
  display_name: 'Token',
  display_value: BOUGHT_TOKEN,
};

/**
 * The inspector stamps each event it sends with the time (`createdAt`, milliseconds as digits) and
 * some with a random `id`: digits that hold the planted pin now and then by chance (a run at
 * 03:25:37.4 UTC on 2 December 2026 stamped 17961819374…), never anything of the app's.
 */
const withoutStamps = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && '_version' in value
    ? { ...value, createdAt: undefined, id: undefined }
    : value;

/** What leaks: a planted secret, or a filled pin or OTP box (a one-character string) in clear. */
export function leaksIn(received: unknown): string[] {
  const json = JSON.stringify(received, withoutStamps);
  return [
    ...SECRETS.filter((secret) => json.includes(secret)),
    ...BOX_DIGITS.filter((digit) => json.includes(`"${digit}"`)).map((d) => `box "${d}"`),
  ];
}

// ── Every machine, every event ─────────────────────────────────────────────────────────────

/** Every event a machine can take, payload filled: secrets where the field is one, innocents elsewhere. */
export const EVENTS: Record<string, AnyEventObject[]> = {
  'passkeys.change': [
    { type: 'passkeys.change', field: 'password', value: PASSWORD },
    { type: 'passkeys.change', field: 'name', value: 'Work phone' },
  ],
  'passkeys.rename': [{ type: 'passkeys.rename', id: plantedPasskey.id, name: 'Work phone' }],
  'passkeys.remove': [{ type: 'passkeys.remove', id: plantedPasskey.id }],
  'login.change': [
    { type: 'login.change', field: 'email', value: EMAIL },
    { type: 'login.change', field: 'password', value: PASSWORD },
  ],
  'register.change': [
    { type: 'register.change', field: 'phone', value: PHONE },
    { type: 'register.change', field: 'password', value: PASSWORD },
    { type: 'register.change', field: 'confirm_password', value: PASSWORD },
  ],
  'register.terms': [{ type: 'register.terms', accepted: true }],
  'forgot.change': [{ type: 'forgot.change', field: 'email', value: EMAIL }],
  'reset.change': [
    { type: 'reset.change', field: 'new_password', value: PASSWORD },
    { type: 'reset.change', field: 'confirm_new_password', value: PASSWORD },
  ],
  'password.change': [
    { type: 'password.change', field: 'old_password', value: PASSWORD },
    { type: 'password.change', field: 'new_password', value: PASSWORD },
    { type: 'password.change', field: 'confirm_new_password', value: PASSWORD },
  ],
  // Four boxes (the dialog), eight (set-pin), twelve (change-pin).
  'pin.change': [4, 8, 12].map((count) => ({ type: 'pin.change', values: boxes(count) })),
  'pin.accepted': [
    { type: 'pin.accepted', pin: PIN },
    { type: 'pin.accepted', pin: '', passkey: plantedAssertion },
  ],
  'verify.change': [{ type: 'verify.change', values: boxes(4) }],
  'resetPin.otp': [{ type: 'resetPin.otp', otp: boxes(4) }],
  'resetPin.password': [{ type: 'resetPin.password', password: PASSWORD }],
  'resetPin.pins': [{ type: 'resetPin.pins', pins: boxes(8) }],
  'phone.otp': [{ type: 'phone.otp', otp: PHONE_CODE }],
  // The verification on /funding: a BVN with its date of birth and the user's own bank account (an innocent number).
  'funding.change': [
    { type: 'funding.change', field: 'bvn_or_nin', value: BVN },
    { type: 'funding.change', field: 'date_of_birth', value: BORN },
    { type: 'funding.change', field: 'bank_code', value: '058' },
    { type: 'funding.change', field: 'bank_account_number', value: ACCOUNT_NUMBER },
  ],
  'card.change': [{ type: 'card.change', value: AMOUNT }],
  'profile.change': [
    { type: 'profile.change', field: 'phone', value: PHONE },
    { type: 'profile.change', field: 'nin', value: NIN },
    { type: 'profile.change', field: 'bvn', value: BVN },
    { type: 'profile.change', field: 'date_of_birth', value: BORN },
  ],
  'session.login': [{ type: 'session.login', data: plantedUser }],
  'session.update': [{ type: 'session.update', data: plantedUser }],
  'session.refused': [{ type: 'session.refused', message: 'Your session has expired. Please log in again.' }],
  'session.route': [{ type: 'session.route', pathname: '/airtime' }],
  'loading.set': [{ type: 'loading.set', value: true }],
  'notification.read': [{ type: 'notification.read', id: 1 }],
  'pagination.reveal': [{ type: 'pagination.reveal', more: true }],
  'activities.select': [{ type: 'activities.select', id: 1 }],
  'clipboard.copy': [
    { type: 'clipboard.copy', text: BOUGHT_TOKEN },
    // An account number: concealed too, as what goes to the clipboard may be a bought token.
    { type: 'clipboard.copy', text: ACCOUNT_NUMBER },
  ],
  'merchant.verify': [{ type: 'merchant.verify', request: { provider_id: 12, beneficiary: METER } }],
  'merchant.verified': [
    { type: 'merchant.verified', details: { name: 'Ada Obi', address: '12 Marina, Lagos' }, beneficiary: METER },
  ],
  'notifications.mark': [{ type: 'notifications.mark', id: 1 }],
  'form.provider': [{ type: 'form.provider', value: '12' }],
  'form.plan': [{ type: 'form.plan', value: '34' }],
  'form.beneficiary': [{ type: 'form.beneficiary', value: PHONE }],
  'form.amount': [{ type: 'form.amount', value: AMOUNT }],
  'form.recent': [{ type: 'form.recent', beneficiary: PHONE, providerId: '12' }],
  'saved.save': [{ type: 'saved.save', request: { beneficiary: PHONE, name: 'Mum', provider_id: 12 } }],
  'saved.rename': [{ type: 'saved.rename', request: { beneficiary_id: savedNumber.id, name: 'Mama' } }],
  'saved.delete': [{ type: 'saved.delete', request: { beneficiary_id: savedNumber.id } }],
  'report.reason': [{ type: 'report.reason', value: 'still-processing' }],
  'report.note': [{ type: 'report.note', value: `Paid ${AMOUNT} for meter ${METER} yesterday` }],
  'statement.from': [{ type: 'statement.from', value: '2026-11-01' }],
  'statement.to': [{ type: 'statement.to', value: '2026-11-22' }],
  'statement.download': [{ type: 'statement.download', format: 'pdf' }],
  'form.set': [
    { type: 'form.set', field: 'name', value: 'Mum airtime' },
    { type: 'form.set', field: 'time', value: '09:00' },
  ],
  'form.service': [{ type: 'form.service', value: 'airtime' }],
  'form.frequency': [{ type: 'form.frequency', value: 'weekly' }],
  'form.end': [{ type: 'form.end', value: 'after' }],
  'form.saved': [{ type: 'form.saved', schedule: { id: 3, name: 'Mum airtime', beneficiary: PHONE }, created: true }],
  'schedule.edit': [{ type: 'schedule.edit', id: 3 }],
  'schedule.act': [{ type: 'schedule.act', id: 3, action: 'retry' }],
  'schedule.delete': [{ type: 'schedule.delete', id: 3 }],
  'schedule.acceptPrice': [{ type: 'schedule.acceptPrice', id: 3 }],
  'schedule.authorise': [{ type: 'schedule.authorise', id: 3 }],
};

export const success = <T>(data: T) => ({ type: 'success' as const, message: 'Done', data });

const plantedCardPayment: CardPayment = {
  reference: 'NWC-mabc12-0123456789ab',
  amount: 5000,
  fee: 177.67,
  charged: 5177.67,
  status: 'success',
  created_at: '2026-11-22T10:00:00Z',
};
const plantedFunding: FundingStatus = {
  identity: { bvn: true, nin: false },
  accounts: plantedUser.accounts,
  partners: [
    {
      partner: 'Paystack',
      status: 'creating',
      message: 'Paystack is creating your account number.',
      needs: ['bvn', 'bank_account'],
    },
  ],
  card: { provider: 'Paystack', fee_bearer: 'customer', min: 100, max: 300000 },
  card_payments: [plantedCardPayment],
};

/** What each invoked actor answers, by its name in the machine's setup(). */
export const OUTPUTS: Record<string, unknown> = {
  getCaptchaToken: CAPTCHA_TOKEN,
  login: success(plantedUser),
  register: success(plantedUser),
  setPin: success(plantedUser),
  changePin: success(plantedUser),
  updateProfile: success(plantedUser),
  setLanguage: success(plantedUser),
  poll: {
    user: plantedUser,
    // The server's notification of a purchase tells the bought token in its text.
    notifications: [
      {
        id: 7,
        title: 'Purchase successful',
        content: `Electricity for meter ${METER}. Token : ${BOUGHT_TOKEN} (ref NW-7)`,
        status: 'unread',
        created_at: '2026-11-22T10:00:00Z',
      },
    ],
  },
  purchase: success(boughtToken),
  fetchTransactions: success({ data: [boughtToken], current_page: 1, per_page: 5, total: 2, last_page: 2 }),
  refreshTransaction: success(boughtToken),
  // The first page kept for offline use holds what the server answered, a bought token included.
  keptFirstPage: { at: Date.UTC(2026, 10, 22, 10), rows: [boughtToken] },
  recentBeneficiaries: success([{ beneficiary: PHONE, provider_id: 12, provider_name: 'MTN' }]),
  fetchFunding: success<FundingStatus>(plantedFunding),
  verifyIdentity: success<FundingStatus>(plantedFunding),
  verifyCardPayment: success<CardPayment>(plantedCardPayment),
  startTopUp: success<CardTopUpStarted>({
    reference: plantedCardPayment.reference,
    authorization_url: 'https://checkout.paystack.com/planted',
    payment: plantedCardPayment,
  }),
  verifyMerchant: success({ name: 'Ada Obi' }),
  copyText: 'copied',
  postTokenToHost: undefined,
  otpCountdown: undefined,
  resendOtp: success(null),
  verifyOtp: success(null),
  forgotPin: success(null),
  resetPin: success(null),
  sendPhoneCode: success(null),
  verifyPhone: success({ ...plantedUser, phone_verified: true }),
  // The browser read the code from the text (WebOTP).
  receiveSmsCode: PHONE_CODE,
  reset: success(null),
  forgot: success(null),
  changePassword: success(null),
  markNotification: success(null),
  sessionRefresh: undefined,
  list: success([savedNumber]),
  save: success(savedNumber),
  rename: success({ ...savedNumber, name: 'Mama' }),
  remove: savedNumber.id,
  fetchReport: success(problemReport),
  createReport: success(problemReport),
  summary: success<StatementSummary>({
    from: '2026-11-01',
    to: '2026-11-22',
    opening_balance: 1000,
    total_credits: Number(AMOUNT),
    total_debits: 350.5,
    closing_balance: 5649.5,
    entries: 4,
  }),
  download: 'naira-wallet-statement.pdf',
  checkResetLink: success({ pin_set: false }),
  reportNotMe: success(null),
  loadDraft: success({
    category: 'airtime',
    provider_id: 12,
    package_id: null,
    beneficiary: PHONE,
    amount: Number(AMOUNT),
    name: `MTN for ${PHONE}`,
  }),
  verifyRenewal: success({ name: 'Ada Obi', due_date: '2026-12-01', renewal_amount: Number(AMOUNT) }),
  act: success({ id: 3, name: 'Mum airtime', beneficiary: PHONE }),
  // One pin step answers both a new price accepted and a schedule authorised again after a recovery.
  authorise: success({ id: 3, name: 'Mum airtime', beneficiary: PHONE }),
  // A passkey's sign-in answers as a password login does.
  autofill: success(plantedUser),
  signIn: success(plantedUser),
  // The phone's signed answer to the purchase's challenge, which the pin dialog hands its owner.
  confirm: plantedAssertion,
};

/** Where a machine's actor shares its name with another machine's but not its answer: by the machine's id. */
const MACHINE_OUTPUTS: Record<string, Record<string, unknown>> = {
  passkeys: {
    list: success([plantedPasskey]),
    add: success(plantedPasskey),
    rename: success({ ...plantedPasskey, name: 'Work phone' }),
    remove: success(null),
  },
};

/** The name (src) of each actor a machine invokes, by the id its done and error events carry. */
const invokedBy = (machine: AnyStateMachine): Map<string, string> =>
  new Map(
    getStateNodes(machine.root).flatMap((node) =>
      node.invoke.map((invoke) => [invoke.id, String(invoke.src)] as const),
    ),
  );

/** The planted events of one type; a type with no payload is sent bare. */
export function eventsOf(machine: AnyStateMachine, type: string): AnyEventObject[] {
  if (EVENTS[type]) return EVENTS[type];
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) {
    const src = invokedBy(machine).get(done[1]) ?? done[1];
    const outputs = { ...OUTPUTS, ...MACHINE_OUTPUTS[machine.id] };
    if (!(src in outputs)) throw new Error(`no planted output for the actor "${src}": add one to OUTPUTS`);
    return [{ type, output: outputs[src] }];
  }
  if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('The server said no') }];
  return [{ type }];
}

export const session = () => createTestSession(plantedUser).actor;

/** The flow a child machine reports to (the pin dialog's, the merchant verification's), here one that only listens. */
const owner = () => createActor(fromCallback(() => undefined)).start();

/** How each machine is started, by its id. */
export const INPUTS: Record<string, () => unknown> = {
  activities: () => ({ pageSize: 5, session: session() }),
  appUpdate: () => undefined,
  changePassword: () => undefined,
  changePin: () => ({ session: session() }),
  connectivity: () => ({ session: session() }),
  copyToClipboard: () => undefined,
  forgotPassword: () => undefined,
  funding: () => ({
    session: session(),
    accounts: plantedUser.accounts,
    returned: { reference: plantedCardPayment.reference, cancelled: false },
  }),
  cardTopUp: () => ({ terms: plantedFunding.card }),
  humanCheck: () => ({ action: 'register' }),
  languageSetting: () => ({ session: session() }),
  login: () => ({ session: session() }),
  logout: () => ({ session: session() }),
  merchantVerification: () => ({ owner: owner() }),
  notifications: () => ({ session: session() }),
  notMe: () => ({ session: session(), token: RESET_TOKEN }),
  otpCountdown: () => ({ seconds: 2 }),
  phoneVerification: () => ({ session: session(), countdownSeconds: 2 }),
  pinDialog: () => ({ owner: owner(), passkeys: true }),
  passkeySignIn: () => ({ session: session() }),
  passkeys: () => ({}),
  problemReport: () => ({ transactionId: boughtToken.id }),
  profile: () => ({ session: session() }),
  purchase: () => ({ session: session(), service: serviceByKey('electricity') }),
  register: () => ({ session: session() }),
  resetPassword: () => ({ session: session(), token: RESET_TOKEN }),
  resetPin: () => ({ session: session(), countdownSeconds: 2 }),
  savedBeneficiaries: () => ({ category: savedNumber.category }),
  scheduleForm: () => ({
    owner: owner(),
    session: session(),
    today: '2026-11-22',
    time: '09:00',
    origin: { kind: 'new', fields: {} },
  }),
  schedules: () => ({ session: session(), today: '2026-11-22', time: '09:00', open: null }),
  session: () => ({ user: plantedUser, pathname: '/dashboard' }),
  setPin: () => ({ session: session(), token: RESET_TOKEN }),
  statements: () => ({ today: '2026-11-22' }),
  verifyEmail: () => ({ session: session(), countdownSeconds: 2 }),
};
