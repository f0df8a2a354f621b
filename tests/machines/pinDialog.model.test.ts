import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { joinCode } from '../../src/domain/codes';
import { DEFAULT_MAX_ATTEMPTS } from '../../core/limits';
import { messages } from '../../core/messages';
import { pinDialogMachine, type PinDialogEvent, type PinDialogReport } from '../../src/machines/pinDialog';
import { adaWithPin as ada } from '../support/fixtures';
import { createActorTestModel, createTransitionCoverage, effectLog, errorToast, expectStep, itWalkedEveryTransition, listeningOwner, navigation, pathTitle, serializeTransitionTaken } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';
const RIGHT = ['2', '5', '8', '0'];
const WRONG = ['1', '1', '1', '1'];
/** Three boxes of the right pin: not the pin. */
const SHORT = ['2', '5', '8', ''];

/** The purchase flow as the dialog's owner: `heard` is what the dialog reported. */
const recorder = () => listeningOwner<PinDialogReport>();

const model = createActorTestModel(pinDialogMachine, [
  { type: 'pin.change', values: RIGHT },
  { type: 'pin.change', values: WRONG },
  { type: 'pin.change', values: SHORT },
]);
const coverage = createTransitionCoverage(pinDialogMachine);

const paths = model.getShortestPaths({
  input: { session: createTestSession(ada).actor, owner: recorder().actor },
  // Boxes are filled only when empty: a person types a pin, then submits or cancels.
  filterEvents: (snapshot, event) => event.type !== 'pin.change' || snapshot.context.code.every((digit: string) => digit === ''),
  serializeState: serializeTransitionTaken,
});

describe('pinDialogMachine (model-based)', () => {
  for (const path of paths) {
    it(pathTitle(path), async () => {
      const session = createTestSession(ada);
      const owner = recorder();
      const actor = createActor(pinDialogMachine, { input: { session: session.actor, owner: owner.actor }, inspect: coverage.inspect }).start();
      const effects = effectLog(actor);
      let reports = 0;

      await path.test({
        events: {
          'pin.open': () => void actor.send({ type: 'pin.open' }),
          'pin.change': ({ event }) => void actor.send(event as PinDialogEvent),
          'pin.cancel': () => {
            actor.send({ type: 'pin.cancel' });
            reports += 1;
            expect(owner.heard.at(-1)).toEqual({ type: 'pin.cancelled' });
          },
          'pin.submit': () => {
            const { code, attempts } = actor.getSnapshot().context;
            const right = joinCode(code) === '2580';
            if (right) effects.expect([]);
            else if (attempts >= DEFAULT_MAX_ATTEMPTS) effects.expect([errorToast(messages.pinNotCorrect), navigation('/login')]);
            else effects.expect([errorToast(messages.pinNotCorrect)]);
            actor.send({ type: 'pin.submit' });
            if (right) {
              reports += 1;
              expect(owner.heard.at(-1)).toEqual({ type: 'pin.accepted', pin: '2580' });
            } else if (attempts < DEFAULT_MAX_ATTEMPTS) {
              expect(actor.getSnapshot().context.attempts).toBe(attempts + 1);
            }
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            expect(owner.heard).toHaveLength(reports);
            // Logged out exactly when locked out (SPEC.md §4 "Pin failure").
            expect(session.actor.getSnapshot().context.user.email).toBe(expected.matches('lockedOut') ? '' : ada.email);
            expect(snapshot.context.attempts).toBeLessThanOrEqual(DEFAULT_MAX_ATTEMPTS);
          },
        },
      });
      actor.stop();
      session.actor.stop();
      owner.actor.stop();
    });
  }

  it('with max_attempts 3: wrong pins 1–3 each say so and count; a 4th logs out and goes to /login', () => {
    const session = createTestSession(ada);
    const owner = recorder();
    const actor = createActor(pinDialogMachine, { input: { session: session.actor, owner: owner.actor } }).start();
    const seen: unknown[] = [];
    actor.on('*', (e) => void seen.push(e));
    expect(session.actor.getSnapshot().context.max_attempts).toBe(3);
    actor.send({ type: 'pin.open' });
    for (const attempt of [1, 2, 3]) {
      actor.send({ type: 'pin.change', values: WRONG });
      actor.send({ type: 'pin.submit' });
      expect(actor.getSnapshot().context.attempts).toBe(attempt);
      expect(seen.splice(0)).toEqual([errorToast('transaction pin not correct')]);
      expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
      // Cancelling keeps the count for the screen's life.
      actor.send({ type: 'pin.cancel' });
      actor.send({ type: 'pin.open' });
      expect(actor.getSnapshot().context.attempts).toBe(attempt);
    }
    actor.send({ type: 'pin.change', values: WRONG });
    actor.send({ type: 'pin.submit' });
    expect(seen.splice(0)).toEqual([errorToast('transaction pin not correct'), navigation('/login')]);
    expect(session.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(session.actor.getSnapshot().context.user.pin).toBe('');
    expect(actor.getSnapshot().status).toBe('done');
    expect(owner.heard).toEqual([{ type: 'pin.cancelled' }, { type: 'pin.cancelled' }, { type: 'pin.cancelled' }]);
  });

  it('follows the session: a right pin after wrong ones is accepted, and max_attempts comes from the session', () => {
    const session = createTestSession(ada);
    const owner = recorder();
    const actor = createActor(pinDialogMachine, { input: { session: session.actor, owner: owner.actor } }).start();
    actor.send({ type: 'pin.open' });
    actor.send({ type: 'pin.change', values: WRONG });
    actor.send({ type: 'pin.submit' });
    actor.send({ type: 'pin.change', values: RIGHT });
    actor.send({ type: 'pin.submit' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.code).toEqual(['', '', '', '']);
    expect(owner.heard).toEqual([{ type: 'pin.accepted', pin: '2580' }]);
  });

  itWalkedEveryTransition('pinDialogMachine', coverage, 6);
});
