import { createActor, fromPromise } from 'xstate';
import type { UserData } from '../core/contract';
import { sessionMachine, type PollResult } from '../src/machines/app/session';
import { emptyUser, toSessionUser } from '../src/domain/account/user';

/**
 * A real session actor whose outside world (the poll, browser storage) is in memory, for
 * flow-machine tests that need to see `session.login` / `session.logout` land.
 */
export function createTestSession(
  user: Partial<UserData> = {},
  poll: () => Promise<PollResult> = () => new Promise(() => {}),
) {
  const saved: unknown[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: { poll: fromPromise(poll) },
      actions: { persistUser: ({ context }) => void saved.push(context.user), revokeOnServer: () => undefined },
    }),
    { input: { user: Object.keys(user).length ? toSessionUser(user) : emptyUser, pathname: '/' } },
  ).start();
  return { actor, saved };
}
