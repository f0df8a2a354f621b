import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { Envelope, Schedule } from '../../../core/contract';
import * as messages from '../../../core/messages';
import './englishToasts';
import { ApiError } from '../../../src/api/kit/http';
import type { ScheduleAction, ScheduleAnswer } from '../../../src/api/schedules/schedules';
import {
  schedulesMachine,
  type PinStepCall,
  type SchedulesEvent,
  type SchedulesInput,
} from '../../../src/machines/schedules/schedules';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { ok, paused, schedulesModel, START, traversalSession } from '../../../testkit/models/schedules/schedules.model';
import { ADA_PIN } from '../../../testkit/fixtures';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  failsWithToast,
  itWalkedEveryTransition,
  leaves,
  navigation,
  pathTitle,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(schedulesMachine);
const idOf = (event: unknown) => (event as { id: number }).id;

describe('schedulesMachine (model-based)', () => {
  for (const traversal of schedulesModel.traversals) {
    describe(traversal.label, () => {
      for (const path of shortestPaths(schedulesModel, traversal)) {
        it(pathTitle(path), async () => {
          const list = deferredActor<Envelope<Schedule[]>>();
          const act = deferredActor<Envelope<Schedule | undefined>, { action: ScheduleAction; id: number }>();
          const authorise = deferredActor<ScheduleAnswer, PinStepCall>();
          const forms: unknown[] = [];
          const session = createTestSession({
            name: 'Ada Obi',
            email: 'ada@example.com',
            token: 'session-token',
            pin: 'set',
          });
          const given = traversal.options.input as SchedulesInput;
          const logic = schedulesMachine.provide({
            actors: {
              list: list.logic,
              act: act.logic,
              authorise: authorise.logic,
              // The form is its own machine with its own suite: here it only has to exist while open.
              scheduleForm: fromCallback(({ input }) => void forms.push(input)) as never,
            },
          });
          const actor = createActor(logic, {
            input: { ...given, session: session.actor },
            inspect: coverage.inspect,
          }).start();
          const effects = effectLog(actor);
          const send = (event: AnyEventObject) => actor.send(event as SchedulesEvent);

          await path.test({
            events: {
              'xstate.done.actor.list': async ({ event }) => {
                list.last.resolve((event as unknown as { output: Envelope<Schedule[]> }).output);
                await leaves(actor, 'loading');
              },
              'xstate.error.actor.list': async () => {
                list.last.reject(new Error('Failed to fetch'));
                await leaves(actor, 'loading');
              },
              'schedules.retry': ({ event }) => {
                const calls = list.count;
                send(event);
                expect(list.count).toBe(calls + 1);
              },
              'schedule.new': ({ event }) => {
                send(event);
                expect(forms.at(-1)).toMatchObject({ origin: { kind: 'new', fields: {} }, today: given.today });
              },
              'schedule.edit': ({ event }) => {
                send(event);
                expect(forms.at(-1)).toMatchObject({
                  origin: { kind: 'edit', schedule: { id: (event as AnyEventObject).id } },
                });
              },
              'form.saved': ({ event }) => send(event),
              'form.closed': ({ event }) => send(event),
              'schedule.act': ({ event }) => {
                send(event);
                expect(act.last.input).toEqual({
                  action: (event as AnyEventObject).action,
                  id: (event as AnyEventObject).id,
                });
              },
              'schedule.delete': ({ event }) => send(event),
              'delete.cancel': ({ event }) => send(event),
              'delete.confirm': ({ event }) => {
                send(event);
                expect(act.last.input).toEqual({ action: 'delete', id: actor.getSnapshot().context.target });
              },
              'xstate.done.actor.act': async ({ event }) => {
                const { output } = event as unknown as { output: Envelope<Schedule> };
                effects.expect([successToast(output.message)]);
                act.last.resolve(output);
                await leaves(actor, { ready: 'acting' });
              },
              'xstate.done.actor.delete': async ({ event }) => {
                const { output } = event as unknown as { output: Envelope<undefined> };
                effects.expect([successToast(output.message)]);
                act.last.resolve(output);
                await leaves(actor, { ready: 'deleting' });
              },
              'xstate.error.actor.act': async ({ event }) => {
                const { error } = event as unknown as { error: string };
                effects.expect([errorToast(error)]);
                act.last.reject(new ApiError({ type: 'error', message: error }));
                await leaves(actor, { ready: 'acting' });
              },
              'xstate.error.actor.delete': failsWithToast(
                effects,
                () => act.last,
                () => leaves(actor, { ready: 'deleting' }),
              ),
              'schedule.acceptPrice': ({ event }) => {
                send(event);
                expect(actor.getSnapshot().context).toMatchObject({ step: 'price', target: idOf(event) });
                expect(actor.getSnapshot().context.pinDialog.getSnapshot().matches('open')).toBe(true);
              },
              'schedule.authorise': ({ event }) => {
                send(event);
                expect(actor.getSnapshot().context).toMatchObject({ step: 'recovery', target: idOf(event) });
                expect(actor.getSnapshot().context.pinDialog.getSnapshot().matches('open')).toBe(true);
              },
              'pin.accepted': ({ event }) => {
                send(event);
                const { step, target } = actor.getSnapshot().context;
                // The pin goes to the call of the step it was typed for (the new price, or the schedule
                // again); a passkey's answer goes in its place, with no pin beside it.
                const { passkey } = event as Extract<SchedulesEvent, { type: 'pin.accepted' }>;
                const confirmation = passkey ? { passkey } : { pin: ADA_PIN };
                expect(authorise.last.input).toEqual({ step, schedule_id: target, ...confirmation });
              },
              'pin.cancelled': ({ event }) => send(event),
              'xstate.done.actor.authorise': async ({ event }) => {
                const { output } = event as unknown as { output: ScheduleAnswer };
                const reason =
                  output.type === 'error' ? (output.data as { reason?: string } | undefined)?.reason : undefined;
                if (output.type === 'success') effects.expect([successToast(output.message)]);
                else if (reason === 'pin-logout')
                  effects.expect([errorToast(messages.pinNotCorrect), navigation('/login')]);
                else effects.expect([errorToast(output.message)]);
                authorise.last.resolve(output);
                await leaves(actor, { ready: 'accepting' });
                // A refused pin says so in the session: counted, or locked until the pin is reset.
                if (reason === 'pin-incorrect') expect(session.actor.getSnapshot().context.pin_attempts).toBe(1);
                if (reason === 'pin-locked') expect(session.actor.getSnapshot().context.pin_locked).toBe(true);
              },
              'xstate.error.actor.authorise': failsWithToast(
                effects,
                () => authorise.last,
                () => leaves(actor, { ready: 'accepting' }),
              ),
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                // The pin, or the passkey's answer, is held only while its acceptance is under way.
                const held = snapshot.context.pin !== '' || snapshot.context.passkey !== null;
                expect(held).toBe(snapshot.matches({ ready: 'accepting' }));
                expect(snapshot.context.form !== null).toBe(snapshot.matches({ ready: 'editing' }));
              },
            },
          });
          actor.stop();
          session.actor.stop();
        });
      }
    });
  }

  itWalkedEveryTransition('schedulesMachine', coverage, schedulesModel.transitions);
});

describe('schedulesMachine on a device that holds a passkey', () => {
  it('offers the passkey first for a new price, as the schedule form and the purchases do', async () => {
    // A browser with passkeys, where one of this account's was made or used (api/kit/webauthn.ts).
    const stored = new Map([['passkeys_here', JSON.stringify(['credential-1'])]]);
    vi.stubGlobal('window', { PublicKeyCredential: class {} });
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: () => {} });
    try {
      const logic = schedulesMachine.provide({
        actors: { list: fromPromise(async () => ok([paused], 'schedules fetched successfully')) },
      });
      const actor = createActor(logic, { input: { session: traversalSession.actor, ...START, open: null } }).start();
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
      actor.send({ type: 'schedule.acceptPrice', id: paused.id });
      expect(actor.getSnapshot().context.pinDialog.getSnapshot().value).toBe('passkey');
      actor.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
