import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepIdleConnections } from '../idleConnections';
import { AnswerHold } from './answerHold';

/**
 * A stand-in for Dojah's KYC lookups, speaking its protocol (docs.dojah.io, "Lookup BVN" and
 * "Lookup NIN"): GET /api/v1/kyc/bvn/full?bvn= and /api/v1/kyc/nin?nin= with the `AppId` header
 * and the secret key as a bare `Authorization` header; 200 with the entity each page documents
 * for a known number, 400 `{ error }` for an unknown one, 401 for wrong keys:
 *
 * - BVN: `{ bvn, first_name, last_name, middle_name, gender, date_of_birth, phone_number1, image,
 *   phone_number2 }`, the date written YYYY-MM-DD;
 * - NIN: `{ first_name, last_name, gender, middle_name, photo, date_of_birth, email, phone_number,
 *   employment_status, marital_status }`.
 *
 * Numbers it knows are registered with `know`, the record's date of birth and phones included
 * (DOJAH_DEFAULT_RECORD's when left out); one registered as 'explode' answers 500.
 * `holdAnswers()` keeps its answers back (answerHold.ts) until `releaseAnswers()`, a Dojah that
 * does not answer in time: `held()` says a lookup is in, and the test moves the adapter's clock
 * past its timeout.
 */
export interface DojahRequest {
  path: string;
  query: Record<string, string>;
  appId: string | undefined;
  authorization: string | undefined;
}

export const DOJAH_APP_ID = 'app-6789';
export const DOJAH_SECRET = 'test_sk_dojah_0123456789';

/** A record as NIBSS (BVN) or NIMC (NIN) keeps it: the names, and what `know` may leave to the defaults. */
export interface DojahRecord {
  first_name: string;
  middle_name?: string;
  last_name: string;
  /** As Dojah writes it (YYYY-MM-DD on its lookup pages). */
  date_of_birth?: string;
  /** A BVN's primary and secondary phones. */
  phone_number1?: string;
  phone_number2?: string;
  /** A NIN's phone. */
  phone_number?: string;
}

/** What a record holds unless `know` says otherwise. */
export const DOJAH_DEFAULT_RECORD = {
  middle_name: '',
  date_of_birth: '1990-01-01',
  phone_number1: '08031234567',
  phone_number2: '',
  phone_number: '08031234567',
};

/** The entity of each documented lookup, for a record of that kind. */
function entityOf(kind: 'bvn' | 'nin', number: string, record: Required<DojahRecord>) {
  const { first_name, middle_name, last_name, date_of_birth } = record;
  const names = { first_name, last_name, middle_name, gender: 'Female', date_of_birth };
  const { phone_number1, phone_number2, phone_number } = record;
  const picture = '/9j/4AAQSkZJRgABAQ';
  if (kind === 'bvn') return { bvn: number, ...names, phone_number1, image: picture, phone_number2 };
  return { ...names, photo: picture, email: '', phone_number, employment_status: 'employed', marital_status: 'Single' };
}

export async function startDojahServer() {
  const requests: DojahRequest[] = [];
  const people = new Map<string, Required<DojahRecord> | 'explode'>();
  const hold = new AnswerHold();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      path: url.pathname,
      query,
      appId: request.headers.appid as string | undefined,
      authorization: request.headers.authorization,
    });
    // A held lookup is answered once released, unless its caller gave up meanwhile or the fake closed.
    void hold.pass().then((passed) => {
      if (passed && !response.destroyed) answer(request, response, url, query);
    });
  });

  function answer(request: IncomingMessage, response: ServerResponse, url: URL, query: Record<string, string>) {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.appid !== DOJAH_APP_ID || request.headers.authorization !== DOJAH_SECRET)
      return json(401, { error: 'Unauthorized' });
    const kind = url.pathname === '/api/v1/kyc/bvn/full' ? 'bvn' : url.pathname === '/api/v1/kyc/nin' ? 'nin' : null;
    if (!kind) return json(404, { error: 'Not found' });
    const number = query[kind] ?? '';
    const person = people.get(`${kind}:${number}`);
    if (person === 'explode') return response.writeHead(500).end('internal error');
    if (!person) return json(400, { error: `Your ${kind.toUpperCase()} could not be verified` });
    return json(200, { entity: entityOf(kind, number, person) });
  }

  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    know(kind: 'bvn' | 'nin', number: string, record: DojahRecord | 'explode') {
      people.set(`${kind}:${number}`, record === 'explode' ? record : { ...DOJAH_DEFAULT_RECORD, ...record });
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
