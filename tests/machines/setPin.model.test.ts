import { describe, expect, it } from 'vitest';
import { createActor, createEmptyActor, fromPromise } from 'xstate';
import type { Envelope, SetPinRequest, UserData } from '../../core/contract';
import { messages } from '../../core/messages';
import type { FlowEmitted } from '../../src/machines/effects';
import { setPinMachine, type SetPinInput } from '../../src/machines/setPin';
import { createActorTestModel, serializeTransitionTaken } from '../support/actorTestModel';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { createTestSession } from '../support/testSession';

const user: UserData = {
  tenant: '0',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  accounts: [],
  wallet_balance: 0,
  pin: '2580',
  nin: '',
  bvn: '',
  avatar: '',
  token: 'new-session',
  email_verified_at: '2025-01-01T00:00:00Z',
};
const saved: Envelope<UserData> = { type: 'success', message: 'Pin set', data: user };

const model = createActorTestModel(setPinMachine, [
  { type: 'pin.change', values: ['2', '5', '8', '0', '2', '5', '8', '0'] },
  { type: 'pin.change', values: ['2', '5', '8', '0', '2', '5', '8', ''] },
  { type: 'xstate.done.actor.setPin', output: saved },
  { type: 'xstate.error.actor.setPin', error: 'pin and confirm pin must match' },
]);
const coverage = createTransitionCoverage(setPinMachine);

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('setPinMachine (model-based)', () => {
  // Signed in after login (no token), or through a reset link's token with no session at all.
  for (const token of [undefined, 'reset-token']) {
    const traversalInput: SetPinInput = { session: createEmptyActor() as unknown as SetPinInput['session'], token };

    describe(token ? 'with a reset token' : 'with a session', () => {
      for (const path of model.getShortestPaths({ input: traversalInput, serializeState: serializeTransitionTaken })) {
        it(path.description, async () => {
          let pending: Settle | undefined;
          const requests: { request: SetPinRequest; token?: string }[] = [];
          const session = createTestSession(token ? {} : { email: 'ada@example.com', token: 'old-session' });
          const actor = createActor(
            setPinMachine.provide({
              actors: {
                setPin: fromPromise(({ input }: { input: { request: SetPinRequest; token?: string } }) => {
                  requests.push(input);
                  return new Promise((resolve, reject) => (pending = { resolve, reject }));
                }) as never,
              },
            }),
            { input: { session: session.actor, token }, inspect: coverage.inspect },
          );
          const emitted: FlowEmitted[] = [];
          actor.on('*', (e) => void emitted.push(e));
          actor.start();
          const takeEmitted = () => emitted.splice(0);
          const sessionUser = () => session.actor.getSnapshot().context.user;
          const emailBefore = sessionUser().email;

          await path.test({
            events: {
              'pin.change': ({ event }) => void actor.send(event as { type: 'pin.change'; values: string[] }),
              'pin.submit': ({ state }) => {
                actor.send({ type: 'pin.submit' });
                // The match is the server's to check; the client only wants every box filled.
                expect(takeEmitted()).toEqual(
                  state.matches('editing') ? [{ type: 'toast', level: 'error', message: messages.allFormFieldsRequired }] : [],
                );
              },
              'xstate.done.actor.setPin': async () => {
                pending!.resolve(saved);
                await flush();
                expect(takeEmitted()).toEqual([
                  { type: 'toast', level: 'success', message: saved.message },
                  { type: 'navigate', to: '/dashboard' },
                ]);
                // Signed in with what the server answered: a new session when a reset token authorised it.
                expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
                expect(sessionUser()).toMatchObject({ email: user.email, token: user.token, pin: user.pin });
                expect(session.saved.at(-1)).toEqual(sessionUser());
              },
              'xstate.error.actor.setPin': async ({ event }) => {
                const { error } = event as unknown as { error: string };
                pending!.reject(new Error(error));
                await flush();
                expect(takeEmitted()).toEqual([{ type: 'toast', level: 'error', message: error }]);
              },
            },
            states: {
              '*': (expected) => {
                const snapshot = actor.getSnapshot();
                expect(snapshot.value).toEqual(expected.value);
                const { session: _actual, ...context } = snapshot.context;
                const { session: _expected, ...expectedContext } = expected.context;
                expect(context).toEqual(expectedContext);
                expect(takeEmitted()).toEqual([]);
                if (expected.matches('submitting')) {
                  expect(requests.at(-1)).toEqual({ request: { pin: '2580', confirm_pin: '2580' }, token });
                }
                if (!expected.matches('done')) expect(sessionUser().email).toBe(emailBefore);
                expect(snapshot.status).toBe(expected.matches('done') ? 'done' : 'active');
              },
            },
          });
          actor.stop();
          session.actor.stop();
        });
      }
    });
  }

  it('walked every transition of setPinMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(5);
  });
});
