import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { Envelope } from '../../../core/contract';
import type { Passkey } from '../../../core/passkeys';
import {
  ENTER_PASSWORD,
  NAME_NEEDED,
  NOT_MADE,
  passkeysMachine,
  type PasskeyForm,
  type PasskeysEvent,
} from '../../../src/machines/account/passkeys';
import { passkeysModel, PHONE } from '../../../testkit/models/account/passkeys.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  settled,
  successToast,
} from '../../support/flowHarness';

const [traversal] = passkeysModel.traversals;
const coverage = createTransitionCoverage(passkeysMachine);

describe('passkeysMachine (model-based)', () => {
  for (const path of shortestPaths(passkeysModel, traversal)) {
    it(pathTitle(path), async () => {
      const list = deferredActor<Envelope<Passkey[]>>();
      const add = deferredActor<Envelope<Passkey>, PasskeyForm>();
      const rename = deferredActor<Envelope<Passkey>, { id: number; name: string }>();
      const remove = deferredActor<Envelope, Passkey>();
      const actor = createActor(
        passkeysMachine.provide({
          actors: { list: list.logic, add: add.logic, rename: rename.logic, remove: remove.logic },
        }),
        { inspect: coverage.inspect },
      ).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as PasskeysEvent);

      /** Settles a call: an answer is toasted as the server words it, a failure too (a closed prompt in our words). */
      const answered =
        (call: () => { resolve(o: never): void; reject(e: unknown): void }, told: 'success' | 'silent') =>
        async ({ event }: { event: AnyEventObject }) => {
          if ('error' in event) {
            const error = event.error as Error;
            const toast = error.name === 'NotAllowedError' ? NOT_MADE.message : error.message;
            effects.expect(event.type === 'xstate.error.actor.list' ? [] : [errorToast(toast)]);
            call().reject(error);
          } else {
            const output = event.output as Envelope;
            effects.expect(told === 'success' ? [successToast(output.message)] : []);
            call().resolve(output as never);
          }
          await settled();
        };

      await path.test({
        events: {
          'passkeys.add': () => void send({ type: 'passkeys.add' }),
          'passkeys.change': ({ event }) => void send(event),
          'passkeys.cancel': () => void send({ type: 'passkeys.cancel' }),
          'passkeys.reload': () => void send({ type: 'passkeys.reload' }),
          'passkeys.remove': ({ event }) => void send(event),
          'passkeys.rename': ({ event }) => {
            const blank = (event as unknown as { name: string }).name.trim() === '';
            effects.expect(blank ? [errorToast(NAME_NEEDED.message)] : []);
            send(event);
            if (!blank) expect(rename.last.input).toEqual({ id: 1, name: 'Work phone' });
          },
          'passkeys.submit': () => {
            const { form } = actor.getSnapshot().context;
            const refusal = form.password === '' ? ENTER_PASSWORD : form.name.trim() === '' ? NAME_NEEDED : null;
            effects.expect(refusal ? [errorToast(refusal.message)] : []);
            send({ type: 'passkeys.submit' });
            if (!refusal) expect(add.last.input).toEqual(form);
          },
          'xstate.done.actor.list': answered(() => list.last, 'silent'),
          'xstate.error.actor.list': answered(() => list.last, 'silent'),
          'xstate.done.actor.add': answered(() => add.last, 'success'),
          'xstate.error.actor.add': answered(() => add.last, 'success'),
          'xstate.done.actor.rename': answered(() => rename.last, 'success'),
          'xstate.error.actor.rename': answered(() => rename.last, 'success'),
          'xstate.done.actor.remove': async (step) => {
            expect(remove.last.input).toEqual(PHONE);
            await answered(() => remove.last, 'success')(step);
          },
          'xstate.error.actor.remove': answered(() => remove.last, 'success'),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // The password is never kept once the phone was asked: refused or made, it is gone.
            if (snapshot.matches('ready')) expect(snapshot.context.form.password).toBe('');
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('passkeysMachine', coverage, passkeysModel.transitions);
});
