import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallFailure, poll, POLL_TIMEOUT_MS, pollOk } from '../../../src/api/kit/http';
import { forgetOfflineCopy } from '../../../src/api/kit/offlineCopy';

/** What the stand-in server was sent: method, path, bearer, If-None-Match, whether a body came. */
interface Asked {
  method: string;
  path: string;
  authorization: string | null;
  ifNoneMatch: string | null;
  body: boolean;
}

/**
 * A server of the polls as ours answers them (server/http/polls.ts): each answer with its tag,
 * 304 with no body when If-None-Match names it. `answers` is what it holds now, per path.
 */
function pollServer(answers: Record<string, object>, status = 200) {
  const asked: Asked[] = [];
  const tagOf = (body: string) => `W/"${body.length}-${[...body].reduce((sum, c) => sum + c.charCodeAt(0), 0)}"`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const path = String(input);
      asked.push({
        method: init.method ?? 'GET',
        path,
        authorization: headers.get('authorization'),
        ifNoneMatch: headers.get('if-none-match'),
        body: init.body !== undefined && init.body !== null,
      });
      const body = JSON.stringify(answers[path]);
      const tag = tagOf(body);
      if (status === 200 && headers.get('if-none-match') === tag)
        return new Response(null, { status: 304, headers: { etag: tag } });
      return new Response(body, {
        status,
        headers: { 'content-type': 'application/json', ...(status === 200 ? { etag: tag } : {}) },
      });
    }),
  );
  return asked;
}

const user = (balance: number) => ({
  type: 'success',
  message: 'user fetched successfully',
  data: { wallet_balance: balance },
});

describe("the polls' kept answers (a 304 is the last answer, in memory only)", () => {
  beforeEach(() => forgetOfflineCopy());
  afterEach(() => vi.unstubAllGlobals());

  it('asks with GET and the last tag; a 304 answers the kept envelope, a change the new one', async () => {
    const answers = { '/api/get-user': user(5000) };
    const asked = pollServer(answers);
    const first = await poll('/api/get-user', { token: 'session-a' });
    expect(first).toEqual(user(5000));
    expect(await poll('/api/get-user', { token: 'session-a' })).toEqual(user(5000));
    answers['/api/get-user'] = user(4900);
    expect(await pollOk('/api/get-user', { token: 'session-a' })).toEqual(user(4900));
    expect(await poll('/api/get-user', { token: 'session-a' })).toEqual(user(4900));
    expect(asked.map(({ method, body }) => [method, body])).toEqual(Array(4).fill(['GET', false]));
    const [none, kept, stale, fresh] = asked.map((a) => a.ifNoneMatch);
    expect(none).toBeNull();
    expect(kept).toMatch(/^W\//);
    expect(stale).toBe(kept);
    expect(fresh).not.toBe(kept);
  });

  it("never offers one session's answer to another, nor keeps anything past a logout", async () => {
    const asked = pollServer({ '/api/get-user': user(5000) });
    await poll('/api/get-user', { token: 'session-a' });
    await poll('/api/get-user', { token: 'session-b' });
    await poll('/api/get-user', { token: 'session-b' });
    forgetOfflineCopy();
    await poll('/api/get-user', { token: 'session-b' });
    expect(asked.map((a) => [a.authorization, a.ifNoneMatch === null])).toEqual([
      ['Bearer session-a', true],
      ['Bearer session-b', true],
      ['Bearer session-b', false],
      ['Bearer session-b', true],
    ]);
  });

  it('answers an error as its envelope, and keeps the last answer for the server to confirm or replace', async () => {
    pollServer({ '/api/get-user': user(5000) });
    await poll('/api/get-user', { token: 'session-a' });
    const busy = { type: 'error', message: 'the database is not answering, please try again in a moment' };
    pollServer({ '/api/get-user': busy }, 503);
    expect(await poll('/api/get-user', { token: 'session-a' })).toEqual(busy);
    await expect(pollOk('/api/get-user', { token: 'session-a' })).rejects.toMatchObject({ name: 'ApiError' });
    const asked = pollServer({ '/api/get-user': user(5000) });
    expect(await poll('/api/get-user', { token: 'session-a' })).toEqual(user(5000));
    expect(asked[0].ifNoneMatch).toMatch(/^W\//);
  });

  it('a 304 with nothing kept to stand for could not be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 304, headers: { etag: 'W/"x"' } })),
    );
    await expect(poll('/api/get-user', { token: 'session-a' })).rejects.toMatchObject({
      name: 'CallFailure',
      reason: 'unreadable',
    });
  });

  /**
   * A fetch that never answers until its signal aborts; `started` resolves once it is asked. Only
   * the timers are faked: the request starts in a task of its own (a message, not a timer).
   */
  function hangingFetch() {
    let asked = () => {};
    const started = new Promise<void>((resolve) => (asked = resolve));
    vi.mocked(fetch).mockImplementationOnce((_input, init) => {
      asked();
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    });
    return started;
  }

  it('gives a poll that is never answered up after its deadline, as unreachable, and the next one asks again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const asked = pollServer({ '/api/get-user': user(5000) });
      const started = hangingFetch();
      let settled = false;
      const stalled = poll('/api/get-user', { token: 'session-a' }).finally(() => (settled = true));
      const outcome = expect(stalled).rejects.toMatchObject({ name: 'CallFailure', reason: 'unreachable' });
      await started;
      await vi.advanceTimersByTimeAsync(POLL_TIMEOUT_MS - 1);
      expect(settled, 'not given up a moment before its deadline').toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;

      expect(await poll('/api/get-user', { token: 'session-a' })).toEqual(user(5000));
      expect(asked, 'the stand-in server answered only the second').toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels a poll when its flow leaves, whatever the deadline: no message, and no timer left behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      pollServer({ '/api/get-user': user(5000) });
      const started = hangingFetch();
      const flow = new AbortController();
      const stalled = poll('/api/get-user', { token: 'session-a', signal: flow.signal });
      const outcome = expect(stalled).rejects.not.toBeInstanceOf(CallFailure);
      await started;
      flow.abort();
      await outcome;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
