import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepIdleConnections } from '../idleConnections';
import { AnswerHold } from './answerHold';

/**
 * The plumbing the fake providers share (monnifyServer.ts, paystackServer.ts): a node:http server
 * on 127.0.0.1, a log of the requests received, and the ways a provider misbehaves that every
 * adapter must survive — down (503), malformed (a 200 whose body is not the documented JSON), or
 * silent: its answers held (answerHold.ts) until the test releases them, so that a test reaches
 * the adapter's timeout by moving the adapter's clock once held() says the request is in, never
 * by waiting.
 */

export interface FakeRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Misbehaviour {
  /** Every API call answers 503 (a provider outage, or its load balancer's error page). */
  down?: boolean;
  /** Every API call answers 200 with a body that is not JSON. */
  malformed?: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
  /** A page or a redirect instead of JSON: the text sent as is, with these headers (content-type, location). */
  page?: { text: string; headers: Record<string, string> };
}

export type Handler = (request: FakeRequest, url: URL) => Answer | Promise<Answer>;

export interface FakeServer {
  url: string;
  /** Every request received, oldest first (control calls included). */
  requests: FakeRequest[];
  /** Sets how API calls misbehave from now on; `{}` restores normal answers. */
  misbehave(how: Misbehaviour): void;
  /**
   * Answers the next `answered` API calls (default none), then holds every later one unanswered
   * until releaseAnswers(). A held call whose caller gave up is not answered once released.
   */
  holdAnswers(answered?: number): void;
  releaseAnswers(): void;
  /** Settles once an API call is held: the nth call since holdAnswers() settles the nth wait. */
  held(): Promise<void>;
  close(): Promise<void>;
}

const CONTROL_PREFIX = '/__fake/';

/**
 * Starts a fake: `api` answers the provider's documented endpoints (misbehaving when told),
 * `control` answers the test-only endpoints under /__fake/ (never misbehaving; GET
 * /__fake/health answers 200 for whoever waits for the fake to listen).
 */
export async function startFakeServer(options: { port?: number; api: Handler; control: Handler }): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let how: Misbehaviour = {};
  const hold = new AnswerHold();
  const pending = new Set<ServerResponse>();

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const url = new URL(request.url, 'http://fake.invalid');
      void respond(request, url, response);
    });
  });
  keepIdleConnections(server);

  async function respond(request: FakeRequest, url: URL, response: ServerResponse) {
    const control = url.pathname.startsWith(CONTROL_PREFIX);
    if (control && url.pathname === `${CONTROL_PREFIX}health`)
      return send(response, 200, '{"status":"listening"}', 'application/json');
    const misbehaviour = control ? {} : how;
    pending.add(response);
    response.on('close', () => pending.delete(response));
    try {
      if (!control && !(await hold.pass())) return;
      // The caller gave up while its answer was held: there is no one to answer.
      if (response.destroyed) return;
      if (misbehaviour.down)
        return send(
          response,
          503,
          '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
          'text/html',
        );
      if (misbehaviour.malformed)
        return send(response, 200, '<html><body>Gateway maintenance</body></html>', 'text/html');
      const answer = await (control ? options.control : options.api)(request, url);
      if (answer.page)
        return send(
          response,
          answer.status,
          answer.page.text,
          answer.page.headers['content-type'] ?? 'text/plain',
          answer.page.headers,
        );
      send(response, answer.status, JSON.stringify(answer.body), 'application/json');
    } catch (error) {
      send(
        response,
        500,
        JSON.stringify({ message: `fake provider error: ${(error as Error).message}` }),
        'application/json',
      );
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    misbehave(next) {
      how = next;
    },
    holdAnswers: (answered) => hold.hold(answered),
    releaseAnswers: () => hold.release(),
    held: () => hold.held(),
    async close() {
      hold.close();
      for (const response of pending) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** The JSON body of a request, or undefined when it is not JSON. */
export function jsonBody(request: FakeRequest): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Posts a signed webhook as the provider would; answers our server's status and body. */
export async function deliverWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: answered as text.
  }
  return { status: response.status, body: parsed };
}

/** A transfer a test (or POST /__fake/pay) makes into one of the provider's accounts. */
export interface FakePayment {
  accountNumber: string;
  amountKobo: bigint;
  senderName?: string;
  senderBank?: string;
  /** Default: a fresh reference in the provider's format. */
  reference?: string;
  /** When the money arrived; default now. */
  paidAt?: Date;
  /** Send the webhook (default); false records the payment only (the partner got money and told no one). */
  notify?: boolean;
  /**
   * What the status call and the transaction list will answer instead of the truth: another
   * amount, status, currency or channel, another customer or account the money went to (null:
   * the record names none), or nothing at all ('missing').
   */
  recordAs?:
    | { amountKobo?: bigint; status?: string; currency?: string; channel?: 'card' | 'transfer'; paidTo?: string | null }
    | 'missing';
  /** Where to send this payment's webhook instead of the fake's webhookUrl. */
  webhookUrl?: string;
}

export interface PaymentResult {
  reference: string;
  /** Our server's answer to the webhook, when it was sent. */
  webhook?: { status: number; body: unknown };
}

/** Reads POST /__fake/pay's body: { account_number, amount_kobo, sender_name?, sender_bank?, reference?, webhook_url? }. */
export function paymentOf(request: FakeRequest): FakePayment | undefined {
  const body = jsonBody(request);
  if (
    !body ||
    typeof body.account_number !== 'string' ||
    (typeof body.amount_kobo !== 'string' && typeof body.amount_kobo !== 'number')
  )
    return undefined;
  return {
    accountNumber: body.account_number,
    amountKobo: BigInt(body.amount_kobo),
    senderName: typeof body.sender_name === 'string' ? body.sender_name : undefined,
    senderBank: typeof body.sender_bank === 'string' ? body.sender_bank : undefined,
    reference: typeof body.reference === 'string' ? body.reference : undefined,
    webhookUrl: typeof body.webhook_url === 'string' ? body.webhook_url : undefined,
  };
}

/** Naira as the providers write it: "1234.50". */
export const nairaText = (kobo: bigint) => `${kobo / 100n}.${String(kobo % 100n).padStart(2, '0')}`;
