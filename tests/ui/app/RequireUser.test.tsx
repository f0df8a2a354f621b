// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { assign, createActor, fromPromise } from 'xstate';
import { Route, Routes } from 'react-router-dom';
import type { UserData } from '../../../core/contract';
import RedirectIfSignedIn from '../../../src/ui/app/RedirectIfSignedIn';
import RequireUser from '../../../src/ui/app/RequireUser';
import { renderInApp } from '../../support/renderInApp';
import { sessionMachine, type PollResult } from '../../../src/machines/app/session';
import { emptyUser, toSessionUser, type SessionUser } from '../../../src/domain/account/user';
import { createTestSession } from '../../../testkit/testSession';

/** /login behind RedirectIfSignedIn and /dashboard behind RequireUser, each a heading that names it. */
const guardedRoutes = (
  <Routes>
    <Route element={<RedirectIfSignedIn />}>
      <Route path="/login" element={<h1>Login page</h1>} />
    </Route>
    <Route element={<RequireUser />}>
      <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
    </Route>
  </Routes>
);

function renderAt(path: string, user: Partial<UserData> = {}) {
  const session = createTestSession(user);
  renderInApp(guardedRoutes, { session: session.actor, path });
  return session;
}

describe('RequireUser', () => {
  afterEach(cleanup);

  it('logs out and lands on /login when no user e-mail is in state', async () => {
    const { actor, saved } = renderAt('/dashboard', { name: 'Half Stored', email: '' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(actor.getSnapshot().value).toBe('signedOut');
    // The logout wrote the empty user over what was stored.
    expect(saved.at(-1)).toMatchObject({ name: '', email: '', tenant: '0' });
  });

  it('lets a signed-in user through', () => {
    const { saved } = renderAt('/dashboard', { name: 'Ada Obi', email: 'ada@example.com' });
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});

describe('RedirectIfSignedIn', () => {
  afterEach(cleanup);

  it('sends a user who is already loaded from /login to /dashboard', async () => {
    renderAt('/login', { name: 'Ada Obi', email: 'ada@example.com' });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('shows /login to a signed-out visitor', () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeTruthy();
  });
});

describe('the guards before the stored user is read (a prerendered first frame)', () => {
  afterEach(cleanup);

  /** The app's session: no user until `session.restore`, which reads `stored`. */
  function renderPrerendered(path: string, stored: SessionUser) {
    const actor = createActor(
      sessionMachine.provide({
        actors: { poll: fromPromise<PollResult>(() => new Promise(() => {})) },
        actions: {
          restoreUser: assign({ user: stored, restored: true }),
          persistUser: () => undefined,
          revokeOnServer: () => undefined,
        },
      }),
      { input: { deferRestore: true } },
    );
    renderInApp(guardedRoutes, { session: actor, path });
    const restore = () =>
      act(() => {
        actor.send({ type: 'session.restore' });
        actor.start();
      });
    return { actor, restore };
  }

  it('draws a protected frame until then, and sends a visitor with no stored user to /login after', async () => {
    const { restore } = renderPrerendered('/dashboard', emptyUser);
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    restore();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it('keeps /login on screen until then, and sends a stored user on to /dashboard after', async () => {
    const { restore } = renderPrerendered(
      '/login',
      toSessionUser({ name: 'Ada Obi', email: 'ada@example.com', token: 't' }),
    );
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeTruthy();
    restore();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });
});
