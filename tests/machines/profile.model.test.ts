import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, UpdateProfileRequest, UserData } from '../../core/contract';
import { validateProfile } from '../../src/domain/validation';
import { profileMachine, type ProfileEvent } from '../../src/machines/profile';
import type { SessionUser } from '../../src/domain/user';
import { createActorTestModel } from '../support/actorTestModel';
import { createTestSession } from '../support/testSession';
import { createTransitionCoverage } from '../support/transitionCoverage';
import { deferredActor, effectLog, errorToast, expectStep, keyApart, leaves, pathTitle, refusedByServer, successToast } from './authFlowHarness';

const ada: UserData = {
  tenant: '0',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  accounts: [],
  wallet_balance: 1500,
  pin: '2580',
  nin: '12345678901',
  bvn: '',
  avatar: '',
  token: 'session-token-1',
  email_verified_at: '2025-01-01T00:00:00Z',
};
const newBvn = '22212345678';
/** Typed while the save runs: not what was saved, so it stays in the field. */
const laterNin = '99988877766';
const updated: Envelope<UserData> = { type: 'success', message: 'profile updated successfully', data: { ...ada, bvn: newBvn } };
const rejected = 'the phone number is not valid';

const model = createActorTestModel(profileMachine, [
  // Whitespace is no name.
  { type: 'profile.change', field: 'name', value: '  ' },
  { type: 'profile.change', field: 'bvn', value: newBvn },
  { type: 'profile.change', field: 'nin', value: laterNin },
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
        return form[event.field as keyof typeof form] !== event.value && snapshot.matches(event.field === 'nin' ? 'submitting' : 'editing');
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
        saved: { nin: '12345678901', bvn: '' },
      });
      await path.test({
        events: {
          'profile.change': ({ event }) => send(event),
          'profile.submit': ({ event }) => {
            const rejection = validateProfile(actor.getSnapshot().context.form);
            effects.expect(rejection ? [errorToast(rejection)] : []);
            send(event);
          },
          'xstate.done.actor.updateProfile': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<UserData> };
            // The NIN field left empty keeps the number on file.
            expect(update.last.input).toEqual({ name: 'Ada Obi', phone: '08031234567', nin: '12345678901', bvn: newBvn });
            effects.expect([successToast(output.message)]);
            update.last.resolve(output);
            await leaves(actor, 'submitting');
            saved = true;
          },
          'xstate.error.actor.updateProfile': refusedByServer(actor, effects, () => update.last),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // The session (and storage) learn the new fields on success only.
            const user = session.getSnapshot().context.user;
            expect(user.bvn).toBe(saved ? newBvn : '');
            expect((stored.at(-1) as SessionUser | undefined)?.bvn).toBe(saved ? newBvn : undefined);
            if (saved) expect(snapshot.context.saved).toEqual({ nin: '12345678901', bvn: newBvn });
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

  // Declared last, so it runs after every path above.
  it('walked every transition of profileMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(5);
  });
});
