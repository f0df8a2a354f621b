// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SESSION_EXPIRED } from '../../../core/words/session';
import {
  forgetOfflineCopy,
  KEPT_ROWS,
  keepActivities,
  keepSyncedAt,
  keptActivities,
  keptSyncedAt,
  sessionLapsed,
} from '../../../src/api/kit/offlineCopy';
import { sessionMachine, type PollResult } from '../../../src/machines/app/session';
import { toSessionUser } from '../../../src/domain/account/user';
import { ada, airtimePurchase } from '../../../testkit/fixtures';
import type { FlowEmitted } from '../../../src/machines/kit/effects';
import { inEnglish, settled } from '../../support/flowHarness';

/** What the app keeps for offline use: in its own storage, the first rows only, and forgotten with the user. */
describe('the offline copy', () => {
  afterEach(() => localStorage.clear());

  it('keeps the first page of activities with its time, and answers at most the rows asked for', () => {
    const rows = Array.from({ length: 12 }, (_, index) => airtimePurchase(index + 1, 'completed'));
    keepActivities(rows, 1_764_000_000_000);
    expect(keptActivities(50)).toEqual({ at: 1_764_000_000_000, rows: rows.slice(0, KEPT_ROWS) });
    expect(keptActivities(5)?.rows).toHaveLength(5);
  });

  it('answers nothing when nothing, or something unreadable, is kept', () => {
    expect(keptActivities(5)).toBeNull();
    localStorage.setItem('offline_activities', '{not json');
    expect(keptActivities(5)).toBeNull();
    localStorage.setItem('offline_activities', JSON.stringify({ at: 'yesterday', rows: [] }));
    expect(keptActivities(5)).toBeNull();
  });

  it('keeps when the server last answered the user, and forgets it with the activities', () => {
    keepSyncedAt(1_764_000_000_000);
    keepActivities([airtimePurchase(1, 'completed')], 1_764_000_000_000);
    expect(keptSyncedAt()).toBe(1_764_000_000_000);
    forgetOfflineCopy();
    expect(keptSyncedAt()).toBeNull();
    expect(keptActivities(5)).toBeNull();
  });

  it('is forgotten when the user logs out, and when the server refuses the session', () => {
    for (const end of [
      { type: 'session.logout' },
      { type: 'session.refused', message: 'session expired (authorization)' },
    ] as const) {
      keepActivities([airtimePurchase(1, 'completed')], 1);
      keepSyncedAt(1);
      const session = createActor(
        sessionMachine.provide({
          actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) },
          actions: { revokeOnServer: () => undefined },
        }),
        {
          input: { user: toSessionUser({ email: 'ada@example.com', token: 't' }), pathname: '/' },
        },
      ).start();
      session.send(end);
      expect(Object.keys(localStorage).filter((key) => key.startsWith('offline_'))).toEqual([]);
      session.stop();
    }
  });

  it('the session reads the stored user and its time only when told the first frame is hydrated', () => {
    localStorage.setItem('user_email', 'ada@example.com');
    localStorage.setItem('user_token', 'stored-token');
    keepSyncedAt(1_764_000_000_000);
    const session = createActor(
      sessionMachine.provide({ actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) } }),
      {
        input: { deferRestore: true },
      },
    ).start();
    expect(session.getSnapshot().value).toBe('restoring');
    expect(session.getSnapshot().context).toMatchObject({ restored: false, synced_at: null, user: { email: '' } });
    session.send({ type: 'session.restore' });
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(session.getSnapshot().context).toMatchObject({
      restored: true,
      synced_at: 1_764_000_000_000,
      user: { email: 'ada@example.com' },
    });
    session.stop();
  });
});

/**
 * A shared phone: the owner closed the app signed in, the session ended on the server (30 idle
 * minutes, 12 hours in all), and someone else opens the app offline, where the server cannot say
 * so. The rules the server told at login decide, and nothing of the owner is drawn.
 */
describe('a stored session past its end, offline', () => {
  const MINUTE = 60_000;
  const LOGIN_AT = Date.UTC(2026, 10, 28, 8, 0);
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The owner logs in at LOGIN_AT, their activities are kept, and the app is closed. */
  function ownerLoggedInAndClosed() {
    vi.useFakeTimers({ now: LOGIN_AT, toFake: ['Date'] });
    const never = fromPromise<PollResult>(() => new Promise(() => {}));
    const session = createActor(sessionMachine.provide({ actors: { poll: never } }), {
      input: { user: toSessionUser({}), pathname: '/' },
    }).start();
    session.send({ type: 'session.login', data: ada });
    keepActivities([airtimePurchase(1, 'completed')], LOGIN_AT);
    keepSyncedAt(LOGIN_AT);
    session.stop();
  }

  /** The app opened on /dashboard at `now`, from its prerendered page, with no network. */
  function openedOffline(now: number) {
    vi.setSystemTime(now);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const session = createActor(sessionMachine, { input: { deferRestore: true, pathname: '/dashboard' } });
    const effects: FlowEmitted[] = [];
    session.on('*', (emitted) => void effects.push(emitted));
    session.start().send({ type: 'session.restore' });
    return { session, effects };
  }

  it('forgets the owner, their activities and balance when opened after 30 idle minutes, and says why', () => {
    ownerLoggedInAndClosed();
    const { session, effects } = openedOffline(LOGIN_AT + 31 * MINUTE);
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(session.getSnapshot().context.user).toMatchObject({ name: '', email: '', token: '', wallet_balance: '' });
    expect(localStorage.getItem('user_name')).toBe('');
    expect(localStorage.getItem('user_wallet_balance')).toBe('');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('offline_'))).toEqual([]);
    expect(effects.map(inEnglish)).toEqual([{ type: 'toast', level: 'error', message: SESSION_EXPIRED }]);
    session.stop();
  });

  it('keeps a session still within its rules (offline, 20 minutes after login)', () => {
    ownerLoggedInAndClosed();
    const { session } = openedOffline(LOGIN_AT + 20 * MINUTE);
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(session.getSnapshot().context.user.name).toBe(ada.name);
    expect(keptActivities(5)?.rows).toHaveLength(1);
    session.stop();
  });

  it('forgets a session past its 12 hours even when its polls kept answering until then', () => {
    ownerLoggedInAndClosed();
    vi.setSystemTime(LOGIN_AT + 12 * 60 * MINUTE - MINUTE);
    // The last poll answered one minute before the session's lifetime ran out.
    const answers = fromPromise<PollResult>(async () => ({ user: ada, at: Date.now() }));
    const polling = createActor(sessionMachine.provide({ actors: { poll: answers } }), {
      input: { deferRestore: true, pathname: '/' },
    }).start();
    polling.send({ type: 'session.restore' });
    polling.stop();
    expect(sessionLapsed(Date.now())).toBe(false);
    const { session } = openedOffline(LOGIN_AT + 12 * 60 * MINUTE);
    expect(session.getSnapshot().value).toBe('signedOut');
    session.stop();
  });

  it('logs out an app left open offline once the session has ended, as the server would have', async () => {
    ownerLoggedInAndClosed();
    const { session, effects } = openedOffline(LOGIN_AT + 10 * MINUTE);
    await settled();
    // Offline before the end: the failed poll keeps the owner signed in.
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    vi.setSystemTime(LOGIN_AT + 41 * MINUTE);
    session.send({ type: 'session.refresh' });
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('signedOut'));
    expect(effects.map(inEnglish)).toEqual([
      { type: 'toast', level: 'error', message: SESSION_EXPIRED },
      { type: 'navigate', to: '/login' },
    ]);
    expect(localStorage.getItem('user_token')).toBe('');
    session.stop();
  });

  it('does not take an offline failure for an ended session while the rules are unknown (an older server)', () => {
    localStorage.setItem('user_email', 'ada@example.com');
    localStorage.setItem('user_token', 'stored-token');
    expect(sessionLapsed(Date.now() + 365 * 24 * 60 * MINUTE)).toBe(false);
  });
});
