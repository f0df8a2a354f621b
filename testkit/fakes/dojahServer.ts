import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnswerHold } from './answerHold';

/**
 * A stand-in for Dojah's KYC lookups, speaking its protocol (docs.dojah.io): GET
 * /api/v1/kyc/bvn/full?bvn= and /api/v1/kyc/nin?nin= with the `AppId` header and the secret key
 * as a bare `Authorization` header; 200 `{ entity: { first_name, middle_name, last_name, ... } }`
 * for a known number, 400 `{ error }` for an unknown one, 401 for wrong keys. Numbers it knows
 * are registered with `know`; one registered as 'explode' answers 500. `holdAnswers()` keeps its
 * answers back (answerHold.ts) until `releaseAnswers()`, a Dojah that does not answer in time:
 * `held()` says a lookup is in, and the test moves the adapter's clock past its timeout.
 */
export interface DojahRequest {
  path: string;
  query: Record<string, string>;
  appId: string | undefined;
  authorization: string | undefined;
}

export const DOJAH_APP_ID = 'app-6789';
export const DOJAH_SECRET = 'test_sk_dojah_0123456789';

export async function startDojahServer() {
  const requests: DojahRequest[] = [];
  const people = new Map<string, { first_name: string; middle_name: string; last_name: string } | 'explode'>();
  const hold = new AnswerHold();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query, appId: request.headers.appid as string | undefined, authorization: request.headers.authorization });
    // A held lookup is answered once released, unless its caller gave up meanwhile or the fake closed.
    void hold.pass().then((passed) => {
      if (passed && !response.destroyed) answer(request, response, url, query);
    });
  });

  function answer(request: IncomingMessage, response: ServerResponse, url: URL, query: Record<string, string>) {
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.appid !== DOJAH_APP_ID || request.headers.authorization !== DOJAH_SECRET) return json(401, { error: 'Unauthorized' });
    const kind = url.pathname === '/api/v1/kyc/bvn/full' ? 'bvn' : url.pathname === '/api/v1/kyc/nin' ? 'nin' : null;
    if (!kind) return json(404, { error: 'Not found' });
    const number = query[kind] ?? '';
    const person = people.get(`${kind}:${number}`);
    if (person === 'explode') return response.writeHead(500).end('internal error');
    if (!person) return json(400, { error: `Your ${kind.toUpperCase()} could not be verified` });
    return json(200, {
      entity: {
        [kind]: number,
        ...person,
        gender: 'Female',
        date_of_birth: '1990-01-01',
        phone_number1: '08031234567',
        image: '/9j/4AAQSkZJRgABAQ',
      },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    know(kind: 'bvn' | 'nin', number: string, person: { first_name: string; middle_name?: string; last_name: string } | 'explode') {
      people.set(`${kind}:${number}`, person === 'explode' ? person : { middle_name: '', ...person });
    },
    holdAnswers: () => hold.hold(),
    releaseAnswers: () => hold.release(),
    held: () => hold.held(),
    close() {
      hold.close();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
