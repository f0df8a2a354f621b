import { jsonBody, startFakeServer, type Answer, type FakeRequest, type FakeServer } from './fakeServer';

/**
 * A fake of Termii's Messaging API, answering the documented request and responses our adapter
 * (server/gateways/termiiSms.ts) uses. Written from developers.termii.com: "Messaging API" (Send
 * message), "Sender ID API" and "Error" (the URLs are listed in docs/going-live.md, "What the
 * fakes were written from").
 *
 * - POST /api/sms/send with the JSON body `{ api_key, to, from, sms, type, channel }` →
 *   200 `{ message_id, message: 'Successfully Sent', balance, user }`, the balance one unit less.
 * - A key it does not know → 401 `{ code: 401, message: 'Unauthorized' }` (the error page: "No
 *   valid API key provided").
 * - A sender ID not registered and approved on the account → 404 `{ code: 404, message:
 *   'ApplicationSenderId not found for applicationId: … and senderName: …' }`, the refusal of an
 *   unknown sender ID ("Invalid Sender Id" on the error page: not registered or misspelt).
 * - A body missing a required field, a `to` not in the international form, a `type` other than
 *   `plain` or a `channel` other than dnd, generic or whatsapp → 400 `{ code: 400, message }`.
 *
 * Test controls: `messages` holds every text it accepted; `senderIds` are the approved sender IDs
 * (`FAKE_TERMII_SENDER_ID` unless told others; delete one to refuse it); `misbehave({ down: true })`
 * answers 503 (an outage), `holdAnswers()` keeps its answers back until `releaseAnswers()` (a
 * Termii that never answers: `held()` says a send is in, and the test moves the adapter's clock).
 */

export const FAKE_TERMII_API_KEY = 'TLfakeTermiiKey0123456789';
export const FAKE_TERMII_SENDER_ID = 'NairaWallet';
/** The account the fake answers as (`user`), the one whose dashboard shows the key. */
const ACCOUNT = { id: 66189, user: 'Naira Wallet Ltd' };

export interface TermiiText {
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  message_id: string;
}

export interface FakeTermii extends FakeServer {
  readonly apiKey: string;
  /** Every text accepted, oldest first. */
  messages: TermiiText[];
  senderIds: Set<string>;
  /** What the account's balance is now. */
  balance(): number;
}

const REQUIRED = ['api_key', 'to', 'from', 'sms', 'type', 'channel'] as const;

export async function startFakeTermii(options: { port?: number; balance?: number } = {}): Promise<FakeTermii> {
  const messages: TermiiText[] = [];
  const senderIds = new Set<string>([FAKE_TERMII_SENDER_ID]);
  let balance = options.balance ?? 5_000;
  let nextId = 3017544054459_000n;

  const refuse = (code: number, message: string): Answer => ({ status: code, body: { code, message } });

  function send(request: FakeRequest): Answer {
    const body = jsonBody(request);
    if (!body) return refuse(400, 'The request body must be JSON');
    if (body.api_key !== FAKE_TERMII_API_KEY) return refuse(401, 'Unauthorized');
    const missing = REQUIRED.find((field) => typeof body[field] !== 'string' || body[field] === '');
    if (missing) return refuse(400, `The ${missing} field is required.`);
    const text = body as Record<(typeof REQUIRED)[number], string>;
    if (!/^234\d{10}$/.test(text.to)) return refuse(400, 'Phone number must be in the international format');
    if (text.type !== 'plain') return refuse(400, 'The selected type is invalid.');
    if (!['dnd', 'generic', 'whatsapp'].includes(text.channel)) return refuse(400, 'The selected channel is invalid.');
    if (!senderIds.has(text.from))
      return refuse(404, `ApplicationSenderId not found for applicationId: ${ACCOUNT.id} and senderName: ${text.from}`);
    const message_id = String(nextId++);
    messages.push({ to: text.to, from: text.from, sms: text.sms, type: text.type, channel: text.channel, message_id });
    balance -= 1;
    return { status: 200, body: { message_id, message: 'Successfully Sent', balance, user: ACCOUNT.user } };
  }

  const server = await startFakeServer({
    port: options.port,
    api: (request, url) =>
      request.method === 'POST' && url.pathname === '/api/sms/send' ? send(request) : refuse(404, 'Not Found'),
    control: (_request, url) =>
      url.pathname === '/__fake/messages'
        ? { status: 200, body: messages.filter((text) => text.to === url.searchParams.get('to')) }
        : { status: 404, body: { message: 'no such control' } },
  });
  return { ...server, apiKey: FAKE_TERMII_API_KEY, messages, senderIds, balance: () => balance };
}
