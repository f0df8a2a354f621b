import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChangePinRequest, Envelope, UserData } from '../../core/contract';
import { ApiError } from '../../src/api/http';
import { emptyCode } from '../../src/domain/codes';
import { messages } from '../../core/messages';
import { changePinMachine, type ChangePinEvent } from '../../src/machines/changePin';
import type { SessionUser } from '../../src/domain/user';
import { ada } from '../support/fixtures';
import { acceptedByServer, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, errorToast, expectStep, itWalkedEveryTransition, keyApart, leaves, pathTitle, refusedByServer, successToast } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

const digits = (code: string) => code.split('');
/** Old pin 2580, new pin 1357, confirmed. */
const filled = digits('258013571357');
const changed: Envelope<UserData> = { type: 'success', message: 'pin changed successfully', data: { ...ada, pin: '1357' } };

const model = createActorTestModel(changePinMachine, [
  // `filled` only names the case in the test titles.
  { type: 'pin.change', values: filled, filled: 12 },
  // The last box of the confirmation still empty.
  { type: 'pin.change', values: [...filled.slice(0, -1), ''], filled: 11 },
  { type: 'xstate.done.actor.changePin', output: changed },
  { type: 'xstate.error.actor.changePin', error: 'old pin is not correct' },
  // Too many wrong old pins: the server refuses for a while (429), with its own message.
  { type: 'xstate.error.actor.changePin', error: 'too many attempts, please try again later' },
]);
const coverage = createTransitionCoverage(changePinMachine);

const paths = model.getShortestPaths({
  input: { session: createTestSession(ada).actor },
  // Each server refusal gets its own path, as does a rejected submit.
  serializeState: keyApart(model, ['pin.submit', 'xstate.error.actor.changePin']),
});

describe('changePinMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const { actor: session, saved } = createTestSession(ada);
      const request = deferredActor<Envelope<UserData>, ChangePinRequest>();
      const actor = createActor(changePinMachine.provide({ actors: { changePin: request.logic } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      let changedPin = false;

      await path.test({
        events: {
          'pin.change': ({ event }) => void actor.send({ type: 'pin.change', values: (event as ChangePinEvent & { values: string[] }).values }),
          'pin.submit': ({ state }) => {
            // The match is the server's to check; the client only wants every box filled.
            effects.expect(state.matches('editing') ? [errorToast(messages.allFormFieldsRequired)] : []);
            actor.send({ type: 'pin.submit' });
          },
          'xstate.done.actor.changePin': acceptedByServer(actor, effects, () => request.last, {
            request: { old_pin: '2580', new_pin: '1357', confirm_new_pin: '1357' },
            told: ({ output }) => [successToast(output.message)],
            afterwards: () => void (changedPin = true),
          }),
          'xstate.error.actor.changePin': refusedByServer(actor, effects, () => request.last),
        },
        states: {
          '*': (expected) => {
            expectStep(actor, expected, effects);
            // Purchases compare against the session's pin (SPEC.md §4): it changes with a success only.
            expect(session.getSnapshot().context.user.pin).toBe(changedPin ? '1357' : '2580');
            expect((saved.at(-1) as SessionUser | undefined)?.pin).toBe(changedPin ? '1357' : undefined);
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('empties the boxes after an answer, whatever it is', async () => {
    for (const settle of ['resolve', 'reject'] as const) {
      const { actor: session } = createTestSession(ada);
      const request = deferredActor<Envelope<UserData>, ChangePinRequest>();
      const actor = createActor(changePinMachine.provide({ actors: { changePin: request.logic } }), { input: { session } }).start();
      actor.send({ type: 'pin.change', values: filled });
      actor.send({ type: 'pin.submit' });
      if (settle === 'resolve') request.last.resolve(changed);
      else request.last.reject(new ApiError({ type: 'error', message: 'old pin is not correct' }));
      await leaves(actor, 'submitting');
      expect(actor.getSnapshot().context.code).toEqual(emptyCode(12));
      actor.stop();
      session.stop();
    }
  });

  itWalkedEveryTransition('changePinMachine', coverage, 5);
});
