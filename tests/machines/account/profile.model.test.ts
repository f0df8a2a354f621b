import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, UpdateProfileRequest, UserData } from '../../../core/contract';
import { validateProfile } from '../../../src/domain/kit/identityForms';
import { profileMachine, type ProfileEvent } from '../../../src/machines/account/profile';
import type { SessionUser } from '../../../src/domain/account/user';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  ada,
  born,
  laterNin,
  newBvn,
  newBvnMasked,
  profileModel,
  updated,
} from '../../../testkit/models/account/profile.model';
import {
  acceptedByServer,
  deferredActor,
  effectLog,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
  refusedByServer,
  submitChecked,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = profileModel.traversals;
const coverage = createTransitionCoverage(profileMachine);

describe('profileMachine (model-based)', () => {
  for (const path of shortestPaths(profileModel, traversal)) {
    it(pathTitle(path), async () => {
      const { actor: session, saved: stored } = createTestSession(ada);
      const update = deferredActor<Envelope<UserData>, Omit<UpdateProfileRequest, 'device'>>();
      const actor = createActor(profileMachine.provide({ actors: { updateProfile: update.logic } }), {
        input: { session },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const send = (event: { type: string }) => actor.send(event as ProfileEvent);
      let saved = false;

      // Prefilled from the session; the saved NIN stays out of the form (shown masked by the view).
      expect(actor.getSnapshot().context).toMatchObject({
        form: { name: 'Ada Obi', phone: '08031234567', nin: '', bvn: '', date_of_birth: '' },
        saved: { nin: '•••••••8901', bvn: '' },
      });
      await path.test({
        events: {
          'profile.change': ({ event }) => send(event),
          'profile.submit': submitChecked(actor, effects, validateProfile),
          'xstate.done.actor.updateProfile': acceptedByServer(actor, effects, () => update.last, {
            // The NIN field left empty keeps the number on file: nothing of it is sent back. The
            // BVN goes with the date of birth that proves it.
            request: { name: 'Ada Obi', phone: '08031234567', nin: '', bvn: newBvn, date_of_birth: born },
            told: ({ output }) => [successToast(output.message)],
            afterwards: () => void (saved = true),
          }),
          'xstate.error.actor.updateProfile': refusedByServer(actor, effects, () => update.last),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // Phone, NIN and BVN hold digits only, at most 11.
            for (const field of ['phone', 'nin', 'bvn'] as const)
              expect(snapshot.context.form[field]).toMatch(/^\d{0,11}$/);
            // The session (and storage) learn the new fields on success only.
            const user = session.getSnapshot().context.user;
            expect(user.bvn).toBe(saved ? newBvnMasked : '');
            expect((stored.at(-1) as SessionUser | undefined)?.bvn).toBe(saved ? newBvnMasked : undefined);
            if (saved) expect(snapshot.context.saved).toEqual({ nin: '•••••••8901', bvn: newBvnMasked });
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  /** The machine on Ada's session, with an update call the test answers. */
  function started() {
    const { actor: session } = createTestSession(ada);
    const update = deferredActor<Envelope<UserData>, Omit<UpdateProfileRequest, 'device'>>();
    const machine = profileMachine.provide({ actors: { updateProfile: update.logic } });
    return { session, update, actor: createActor(machine, { input: { session } }).start() };
  }

  it('puts a saved BVN behind its mask and keeps a NIN typed during the save, and its date of birth', async () => {
    const { session, update, actor } = started();
    actor.send({ type: 'profile.change', field: 'bvn', value: ` ${newBvn} ` });
    actor.send({ type: 'profile.change', field: 'date_of_birth', value: born });
    actor.send({ type: 'profile.submit' });
    expect(update.last.input).toMatchObject({ bvn: newBvn, date_of_birth: born });
    actor.send({ type: 'profile.change', field: 'nin', value: laterNin });
    update.last.resolve(updated);
    await leaves(actor, 'submitting');
    const form = { name: 'Ada Obi', phone: '08031234567', nin: laterNin, bvn: '', date_of_birth: born };
    expect(actor.getSnapshot().context.form).toEqual(form);
    actor.stop();
    session.stop();
  });

  it('forgets the date of birth with the last number it proved, and sends none without a number', async () => {
    const { session, update, actor } = started();
    actor.send({ type: 'profile.change', field: 'bvn', value: newBvn });
    actor.send({ type: 'profile.change', field: 'date_of_birth', value: born });
    actor.send({ type: 'profile.submit' });
    update.last.resolve(updated);
    await leaves(actor, 'submitting');
    expect(actor.getSnapshot().context.form).toMatchObject({ bvn: '', date_of_birth: '' });
    // A date typed with no number to prove goes nowhere.
    actor.send({ type: 'profile.change', field: 'date_of_birth', value: born });
    actor.send({ type: 'profile.submit' });
    expect(update.last.input).toMatchObject({ nin: '', bvn: '', date_of_birth: '' });
    actor.stop();
    session.stop();
  });

  it('phone, NIN and BVN refuse what is not a digit as it is typed, pasted or autofilled', () => {
    const { actor: session } = createTestSession(ada);
    const actor = createActor(profileMachine, { input: { session } }).start();
    const form = () => actor.getSnapshot().context.form;
    actor.send({ type: 'profile.change', field: 'nin', value: '1' });
    actor.send({ type: 'profile.change', field: 'nin', value: '1e' });
    expect(form().nin).toBe('1');
    actor.send({ type: 'profile.change', field: 'bvn', value: '2221234567890' });
    expect(form().bvn).toBe('22212345678');
    actor.send({ type: 'profile.change', field: 'phone', value: '+234 (803) 123-4567' });
    expect(form().phone).toBe('08031234567');
    actor.send({ type: 'profile.change', field: 'phone', value: '0803abc' });
    expect(form().phone).toBe('0803');
    // The name is text.
    actor.send({ type: 'profile.change', field: 'name', value: 'Ada 2 Obi' });
    expect(form().name).toBe('Ada 2 Obi');
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('profileMachine', coverage, profileModel.transitions);
});
