// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { UserData } from '../../core/contract';
import RedirectIfSignedIn from '../../src/ui/app/RedirectIfSignedIn';
import RequireUser from '../../src/ui/app/RequireUser';
import { renderInApp } from '../support/renderInApp';
import { createTestSession } from '../support/testSession';

function renderAt(path: string, user: Partial<UserData> = {}) {
  const session = createTestSession(user);
  renderInApp(
    <Routes>
      <Route element={<RedirectIfSignedIn />}>
        <Route path="/login" element={<h1>Login page</h1>} />
      </Route>
      <Route element={<RequireUser />}>
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Route>
    </Routes>,
    { session: session.actor, path },
  );
  return session;
}

describe('RequireUser', () => {
  afterEach(cleanup);

  it('logs out and lands on /login when no user e-mail is in state', async () => {
    const { actor, saved } = renderAt('/dashboard', { name: 'Half Stored', email: '' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(actor.getSnapshot().value).toBe('signedOut');
    // The logout wrote the empty user over what was stored (SPEC.md §4).
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
