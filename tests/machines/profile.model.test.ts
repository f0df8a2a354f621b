import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, UpdateProfileRequest, UserData } from '../../core/contract';
import { validateProfile } from '../../src/domain/validation';
import { profileMachine, type ProfileEvent } from '../../src/machines/profile';
import type { SessionUser } from '../../src/domain/user';
import { ada as account } from '../support/fixtures';
import { acceptedByServer, createActorTestModel, createTransitionCoverage, deferredActor, effectLog, expectStep, itWalkedEveryTransition, keyApart, leaves, pathTitle, refusedByServer, submitChecked, successToast } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

/** A verified NIN on file (the server sends its last four digits behind a mask), no BVN yet. */
const ada: UserData = { ...account, nin: '•••••••8901' };
const newBvn = '22212345678';
const newBvnMasked = '•••••••5678';
/** Typed while the save runs: not what was saved, so it stays in the field. */
const laterNin = '99988877766';
const updated: Envelope<UserData> = { type: 'success', message: 'profile updated successfully', data: { ...ada, bvn: newBvnMasked } };
const rejected = 'the phone number is not valid';
/** Pasted with separators and letters (SPEC.md §5): the form keeps the digits. */
const pasted = (digits: string) => `No. ${digits.slice(0, 3)}-${digits.slice(3, 7)} ${digits.slice(7)}`;

const model = createActorTestModel(profileMachine, [
  // Whitespace is no name.
  { type: 'profile.change', field: 'name', value: '  ' },
  { type: 'profile.change', field: 'bvn', value: pasted(newBvn) },
  { type: 'profile.change', field: 'nin', value: pasted(laterNin) },
  { type: 'xstate.done.actor.updateProfile', output: updated },
  { type: 'xstate.error.actor.updateProfile', error: rejected },
]);
const coverage = createTransitionCoverage(profileMachine);

const paths = model.getShortestPaths({
  input: { session: createTestSession(ada).actor },
  filterEvents: (snapshot, event) => {
    const { form } = snapshot.context;
    switch (event.type) {
      // Each field is typed once: the name emptied and the BVN entered while editing, a NIN during the save.
      case 'profile.change':
        return (event.field === 'name' ? form.name !== event.value : form[event.field as 'nin' | 'bvn'] === '') && snapshot.matches(event.field === 'nin' ? 'submitting' : 'editing');
      // The server answers with the BVN it was sent, so it succeeds only for the form that sent one.
      case 'xstate.done.actor.updateProfile':
        return form.bvn === newBvn;
      default:
        return true;
    }
  },
  serializeState: keyApart(model, ['profile.submit']),
});

describe('profileMachine (model-based)', () => {
  for (const path of paths) {
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
        form: { name: 'Ada Obi', phone: '08031234567', nin: '', bvn: '' },
        saved: { nin: '•••••••8901', bvn: '' },
      });
      await path.test({
        events: {
          'profile.change': ({ event }) => send(event),
          'profile.submit': submitChecked(actor, effects, validateProfile),
          'xstate.done.actor.updateProfile': acceptedByServer(actor, effects, () => update.last, {
            // The NIN field left empty keeps the number on file: nothing of it is sent back.
            request: { name: 'Ada Obi', phone: '08031234567', nin: '', bvn: newBvn },
            told: ({ output }) => [successToast(output.message)],
            afterwards: () => void (saved = true),
          }),
          'xstate.error.actor.updateProfile': refusedByServer(actor, effects, () => update.last),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // Phone, NIN and BVN hold digits only, at most 11 (SPEC.md §5).
            for (const field of ['phone', 'nin', 'bvn'] as const) expect(snapshot.context.form[field]).toMatch(/^\d{0,11}$/);
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

  it('puts a saved BVN behind its mask and keeps a NIN typed during the save', async () => {
    const { actor: session } = createTestSession(ada);
    const update = deferredActor<Envelope<UserData>, Omit<UpdateProfileRequest, 'device'>>();
    const actor = createActor(profileMachine.provide({ actors: { updateProfile: update.logic } }), { input: { session } }).start();
    actor.send({ type: 'profile.change', field: 'bvn', value: ` ${newBvn} ` });
    actor.send({ type: 'profile.submit' });
    expect(update.last.input.bvn).toBe(newBvn);
    actor.send({ type: 'profile.change', field: 'nin', value: laterNin });
    update.last.resolve(updated);
    await leaves(actor, 'submitting');
    expect(actor.getSnapshot().context.form).toEqual({ name: 'Ada Obi', phone: '08031234567', nin: laterNin, bvn: '' });
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

  itWalkedEveryTransition('profileMachine', coverage, 5);
});
