import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { AUTHORISATION_FAILED } from '../../../core/words/session';
import { call, callOk, onSessionRefused, poll } from '../../../src/api/kit/http';
import { saveUser } from '../../../src/api/kit/storage';
import { callFailures } from '../../../src/api/kit/messages';
import type { FlowEmitted } from '../../../src/machines/kit/effects';
import { inEnglish } from '../../support/inEnglish';
import { MemoryStorage } from '../../support/memoryStorage';
import { activitiesMachine } from '../../../src/machines/records/activities';

const { unreachable: UNREACHABLE, unreadable: UNREADABLE } = callFailures;

const answer = (status: number, body: string, type = 'application/json') =>
  new Response(body, { status, headers: { 'content-type': type } });

/** Stores a session's token, or none, as the session flow does (in the page's storage, stood in for in Node). */
const storeToken = (token: string) => saveUser({ token }, ['token']);
beforeEach(() => void vi.stubGlobal('localStorage', new MemoryStorage()));

describe('a call that brings back no envelope reads like a message (it is toasted as it is)', () => {
  beforeEach(() => storeToken('stored-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('no connection: the connection failed, and what to do; never the HTTP library’s text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure = call('/api/airtime', {}).catch((error: unknown) => error);
    await expect(failure).resolves.toMatchObject({ name: 'CallFailure', reason: 'unreachable', message: UNREACHABLE });
    expect(String(((await failure) as Error).message)).not.toMatch(/POST|\/api|Failed to fetch/);
  });

  it('an answer that is not ours (a proxy’s error page, a body that is not JSON) could not be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, '<html><h1>502 Bad Gateway</h1></html>', 'text/html')),
    );
    await expect(call('/api/airtime', {})).rejects.toMatchObject({ reason: 'unreadable', message: UNREADABLE });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, '{"type":"succ')),
    );
    await expect(call('/api/airtime', {})).rejects.toMatchObject({ reason: 'unreadable', message: UNREADABLE });
    // The connection dropped in the middle of the answer.
    const cutOff = new ReadableStream({ start: (controller) => controller.error(new TypeError('terminated')) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(cutOff, { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await expect(call('/api/airtime', {})).rejects.toMatchObject({ reason: 'unreadable', message: UNREADABLE });
  });

  it('the server’s own answers are kept: its envelope, success or not', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(422, JSON.stringify({ type: 'error', message: 'all fields are required' }))),
    );
    await expect(call('/api/airtime', {})).resolves.toEqual({ type: 'error', message: 'all fields are required' });
    await expect(callOk('/api/airtime', {})).rejects.toMatchObject({
      name: 'ApiError',
      message: 'all fields are required',
    });
  });

  it('a flow toasts the readable message when the server stops mid-journey', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const actor = createActor(activitiesMachine, { input: { pageSize: 10 } });
    const toasts: FlowEmitted[] = [];
    actor.on('toast', (event) => void toasts.push(inEnglish(event)));
    actor.start();
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(toasts).toEqual([{ type: 'toast', level: 'error', message: UNREACHABLE }]);
    actor.stop();
  });
});

describe('a call that needs the session, made after it ended, is answered at once and never sent', () => {
  const sent = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    answer(200, JSON.stringify({ type: 'success', message: 'ok' })),
  );
  const heard: string[] = [];
  let stopListening: () => void;
  beforeEach(() => {
    sent.mockClear();
    heard.length = 0;
    vi.stubGlobal('fetch', sent);
    stopListening = onSessionRefused((message) => void heard.push(message));
  });
  afterEach(() => {
    stopListening();
    vi.unstubAllGlobals();
  });

  it("answers the server's refusal of a missing session, tells the session, and sends nothing", async () => {
    storeToken('');
    expect(await call('/api/fetch-transactions', { page: 1 })).toEqual({
      type: 'error',
      message: AUTHORISATION_FAILED,
    });
    expect(await poll('/api/get-user')).toEqual({ type: 'error', message: AUTHORISATION_FAILED });
    await expect(callOk('/api/airtime', {})).rejects.toMatchObject({ name: 'ApiError', message: AUTHORISATION_FAILED });
    expect(sent).not.toHaveBeenCalled();
    expect(heard).toEqual([AUTHORISATION_FAILED, AUTHORISATION_FAILED, AUTHORISATION_FAILED]);
  });

  it('reads the stored session when the call starts, not when it was asked for', async () => {
    storeToken('stored-token');
    const asked = call('/api/fetch-transactions', { page: 1 });
    // The session ends (a refused poll clears it) before the call has started.
    storeToken('');
    expect(await asked).toEqual({ type: 'error', message: AUTHORISATION_FAILED });
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the ways in without a session, and a call with a token of its own (a reset link) as it is', async () => {
    storeToken('');
    for (const path of ['/api/login', '/api/register', '/api/forgot', '/api/passkeys/sign-in/start'])
      expect((await call(path, {})).type).toBe('success');
    await call('/api/reset', {}, { token: '' });
    expect(sent.mock.calls.map(([input]) => new URL(String(input), 'http://app.test').pathname)).toEqual([
      '/api/login',
      '/api/register',
      '/api/forgot',
      '/api/passkeys/sign-in/start',
      '/api/reset',
    ]);
    expect(sent.mock.calls.every(([, init]) => !new Headers(init?.headers).has('Authorization'))).toBe(true);
    expect(heard).toEqual([]);
  });

  it('sends a call with the stored session as its bearer', async () => {
    storeToken('stored-token');
    expect((await call('/api/fetch-transactions', { page: 1 })).type).toBe('success');
    expect(new Headers(sent.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer stored-token');
  });
});
