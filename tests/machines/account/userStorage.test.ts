import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserData } from '../../../core/contract';
import { readToken } from '../../../src/api/kit/storage';
import { sessionMachine, type PollResult } from '../../../src/machines/app/session';
import { ada } from '../../../testkit/fixtures';
import { MemoryStorage } from '../../support/memoryStorage';

const accounts = [{ bank_name: 'Wema Bank', account_number: '7012345678' }];

let storage: MemoryStorage;

/** A session that reads and writes the storage above; its poll never answers and nothing reaches the server. */
function startSession() {
  return createActor(
    sessionMachine.provide({
      actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) },
      actions: { revokeOnServer: () => undefined },
    }),
    { input: { pathname: '/' } },
  ).start();
}

const stored = () =>
  Object.fromEntries(
    Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => [key, storage.getItem(key)]),
  );

describe('the user fields in browser storage', () => {
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are plain values an embedding app reads as they are: text, digits, and JSON only for the account list', () => {
    const session = startSession();
    const user: UserData = { ...ada, accounts, nin: '•••••••8901', wallet_balance: 1500.5 };
    session.send({ type: 'session.login', data: user });
    expect(stored()).toEqual({
      user_tenant: '0',
      user_name: 'Ada Obi',
      user_email: 'ada@example.com',
      user_phone: '08031234567',
      user_accounts: JSON.stringify(accounts),
      user_wallet_balance: '1500.5',
      // What `pin` holds is the transaction pin's own business (a marker); here only that it is plain text.
      user_pin: expect.not.stringMatching(/^"/),
      user_nin: '•••••••8901',
      user_bvn: '',
      user_avatar: '',
      user_token: 'session-token-1',
      user_initial: 'AO',
      user_email_verified_at: '2025-01-01T00:00:00Z',
      // Beside the user, not one of its fields: when the session began and its rules (offlineCopy.ts).
      offline_session: expect.stringContaining('"idle_ms":1800000'),
    });
    expect(readToken()).toBe('session-token-1');

    // Read back as the session had it, but for the figures of the moment (limits, cashback earned,
    // whether the phone is verified, the account's language): never stored, they come with the next get-user.
    const reloaded = startSession();
    expect(reloaded.getSnapshot().context.user).toEqual({
      ...session.getSnapshot().context.user,
      limits: null,
      cashback_total: null,
      phone_verified: null,
      language: null,
    });
    expect(reloaded.getSnapshot().context.user).toMatchObject({
      wallet_balance: 1500.5,
      nin: '•••••••8901',
      tenant: '0',
      accounts,
    });
    session.stop();
    reloaded.stop();
  });

  it('after logout: tenant 0, an empty account list, every other field an empty string', () => {
    const session = startSession();
    session.send({ type: 'session.login', data: { ...ada, email_verified_at: null } });
    expect(storage.getItem('user_email_verified_at')).toBe('');
    session.send({ type: 'session.logout' });
    expect(stored()).toMatchObject({
      user_tenant: '0',
      user_accounts: '[]',
      user_name: '',
      user_wallet_balance: '',
      user_token: '',
      user_email_verified_at: '',
    });
    expect(
      Object.entries(stored()).filter(
        ([key, value]) => value !== '' && key !== 'user_tenant' && key !== 'user_accounts',
      ),
    ).toEqual([]);
    expect(readToken()).toBe('');
    session.stop();
  });

  it('writes only the keys whose value changed: an unchanged answer writes nothing', () => {
    const session = startSession();
    session.send({ type: 'session.login', data: { ...ada, accounts, wallet_balance: 1500 } });
    const before = stored();
    const setItem = vi.spyOn(storage, 'setItem');
    session.send({ type: 'session.update', data: { wallet_balance: 1500 } });
    expect(setItem).not.toHaveBeenCalled();
    session.send({ type: 'session.update', data: { wallet_balance: 2750.5 } });
    expect(setItem.mock.calls).toEqual([['user_wallet_balance', '2750.5']]);
    expect(stored()).toEqual({ ...before, user_wallet_balance: '2750.5' });
    session.stop();
  });

  it('still reads what earlier builds stored as JSON, and writes it back plain', () => {
    const old = {
      user_tenant: '"0"',
      user_name: '"Ada Obi"',
      user_email: '"ada@example.com"',
      user_phone: '"08031234567"',
      user_accounts: JSON.stringify(accounts),
      user_wallet_balance: '1500',
      user_pin: '"2580"',
      user_nin: '"12345678901"',
      user_bvn: '""',
      user_avatar: '""',
      user_token: '"session-token-1"',
      user_initial: '"AO"',
      user_email_verified_at: 'null',
    };
    for (const [key, value] of Object.entries(old)) storage.setItem(key, value);
    expect(readToken()).toBe('session-token-1');
    const session = startSession();
    expect(session.getSnapshot().context.user).toMatchObject({
      tenant: '0',
      name: 'Ada Obi',
      email: 'ada@example.com',
      phone: '08031234567',
      accounts,
      wallet_balance: 1500,
      nin: '12345678901',
      bvn: '',
      avatar: '',
      token: 'session-token-1',
      initial: 'AO',
      email_verified_at: '',
    });
    session.send({ type: 'session.update', data: { name: 'Ada Okafor' } });
    expect(stored()).toMatchObject({
      user_tenant: '0',
      user_name: 'Ada Okafor',
      user_token: 'session-token-1',
      user_wallet_balance: '1500',
      user_initial: 'AO',
    });
    session.stop();
  });
});
