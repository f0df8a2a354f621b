import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider, type SessionActor } from '../../src/ui/app/SessionContext';

/** Renders `ui` the way the app mounts a screen: under the session's provider, in a router opened at `path`. */
export function renderInApp(ui: ReactNode, { session, path = '/' }: { session: SessionActor; path?: string }) {
  return render(
    <SessionProvider actor={session}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SessionProvider>,
  );
}
