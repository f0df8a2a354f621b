// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type PollResult } from '../../../src/machines/app/session';

/** The session as the app starts it, with no server: no user given, so it reads the stored one. */
function startFromStorage() {
  const offline = sessionMachine.provide({
    actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) },
    actions: { revokeOnServer: () => undefined },
  });
  return createActor(offline, { input: { pathname: '/' } }).start();
}

describe('sessionMachine: the stored user', () => {
  afterEach(() => localStorage.clear());

  // Each an older build's `user_pin`: the pin itself, as JSON text (the first builds) or plain digits.
  it.each(['"2580"', '2580', '"0000"'])(
    'replaces an old clear pin (%s) with the marker, in storage too, on load',
    (stored) => {
      localStorage.setItem('user_token', 'stored-token');
      localStorage.setItem('user_email', 'ada@example.com');
      localStorage.setItem('user_pin', stored);
      const session = startFromStorage();
      expect(session.getSnapshot().context.user).toMatchObject({ pin: 'set', token: 'stored-token' });
      expect(localStorage.getItem('user_pin')).toBe('set');
      session.stop();
    },
  );

  it.each(['set', ''])('keeps a marker (%j) as it is', (stored) => {
    localStorage.setItem('user_pin', stored);
    const session = startFromStorage();
    expect(session.getSnapshot().context.user.pin).toBe(stored);
    expect(localStorage.getItem('user_pin')).toBe(stored);
    session.stop();
  });

  it('persists the marker that login brings, and logout empties it', () => {
    const session = startFromStorage();
    session.send({
      type: 'session.login',
      data: { email: 'ada@example.com', token: 't-1', pin: 'set', pin_attempts: 1, max_attempts: 3, pin_locked: false },
    });
    expect(localStorage.getItem('user_pin')).toBe('set');
    // The count is the server's, asked for on every load: it is not stored.
    expect(Object.keys(localStorage).filter((key) => /attempt|lock/.test(key))).toEqual([]);
    session.send({ type: 'session.logout' });
    expect(localStorage.getItem('user_pin')).toBe('');
    session.stop();
  });
});
