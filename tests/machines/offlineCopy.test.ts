// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgetOfflineCopy, KEPT_ROWS, keepActivities, keepSyncedAt, keptActivities, keptSyncedAt } from '../../src/api/offlineCopy';
import { sessionMachine, type PollResult } from '../../src/machines/session';
import { toSessionUser } from '../../src/domain/user';
import { airtimePurchase } from '../../testkit/fixtures';

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

  it("is forgotten when the user logs out, and when the server refuses the session", () => {
    for (const end of [{ type: 'session.logout' }, { type: 'session.refused', message: 'session expired (authorization)' }] as const) {
      keepActivities([airtimePurchase(1, 'completed')], 1);
      keepSyncedAt(1);
      const session = createActor(sessionMachine.provide({ actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) }, actions: { revokeOnServer: () => undefined } }), {
        input: { user: toSessionUser({ email: 'ada@example.com', token: 't' }), pathname: '/' },
      }).start();
      session.send(end);
      expect(Object.keys(localStorage).filter((key) => key.startsWith('offline_'))).toEqual([]);
      session.stop();
    }
  });

  it('the session reads the stored user and its time only when told the first frame is hydrated', () => {
    localStorage.setItem('user_email', 'ada@example.com');
    localStorage.setItem('user_token', 'stored-token');
    keepSyncedAt(1_764_000_000_000);
    const session = createActor(sessionMachine.provide({ actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) } }), {
      input: { deferRestore: true },
    }).start();
    expect(session.getSnapshot().value).toBe('restoring');
    expect(session.getSnapshot().context).toMatchObject({ restored: false, synced_at: null, user: { email: '' } });
    session.send({ type: 'session.restore' });
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(session.getSnapshot().context).toMatchObject({ restored: true, synced_at: 1_764_000_000_000, user: { email: 'ada@example.com' } });
    session.stop();
  });
});
