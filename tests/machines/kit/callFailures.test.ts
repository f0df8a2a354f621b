import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { call, callOk } from '../../../src/api/kit/http';
import { callFailures } from '../../../src/api/kit/messages';
import type { FlowEmitted } from '../../../src/machines/kit/effects';
import { inEnglish } from '../../support/inEnglish';
import { activitiesMachine } from '../../../src/machines/records/activities';

const { unreachable: UNREACHABLE, unreadable: UNREADABLE } = callFailures;

const answer = (status: number, body: string, type = 'application/json') =>
  new Response(body, { status, headers: { 'content-type': type } });

describe('a call that brings back no envelope reads like a message (it is toasted as it is)', () => {
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
