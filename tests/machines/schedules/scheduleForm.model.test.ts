import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type {
  CreateScheduleRequest,
  Envelope,
  MerchantDetails,
  ScheduleDraft,
  UpdateScheduleRequest,
  VerifyMerchantRequest,
} from '../../../core/contract';
import * as messages from '../../../core/messages';
import { say } from '../../../src/ui/kit/language';
import './englishToasts';
import type { ScheduleAnswer } from '../../../src/api/schedules/schedules';
import { formRules, pinNotCorrect, scheduleRequest, validateSchedule } from '../../../src/domain/schedules/schedules';
import {
  scheduleFormMachine,
  type ScheduleFormEvent,
  type ScheduleFormInput,
  type ScheduleFormReport,
} from '../../../src/machines/schedules/scheduleForm';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { scheduleFormModel } from '../../../testkit/models/schedules/scheduleForm.model';
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
import { listeningOwner } from '../../../testkit/models/kit/listeningOwner';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(scheduleFormMachine);

describe('scheduleFormMachine (model-based)', () => {
  for (const traversal of scheduleFormModel.traversals) {
    describe(traversal.label, () => {
      for (const path of shortestPaths(scheduleFormModel, traversal)) {
        it(pathTitle(path), async () => {
          const draft = deferredActor<Envelope<ScheduleDraft>, { transactionId: number }>();
          const verify = deferredActor<Envelope<MerchantDetails>, VerifyMerchantRequest>();
          const save = deferredActor<ScheduleAnswer, CreateScheduleRequest | UpdateScheduleRequest>();
          const owner = listeningOwner<ScheduleFormReport>();
          const session = createTestSession({
            name: 'Ada Obi',
            email: 'ada@example.com',
            token: 'session-token',
            pin: 'set',
          });
          const given = traversal.options.input as ScheduleFormInput;
          const logic = scheduleFormMachine.provide({
            actors: { loadDraft: draft.logic, verifyRenewal: verify.logic, save: save.logic },
          });
          const actor = createActor(logic, {
            input: { ...given, owner: owner.actor, session: session.actor },
            inspect: coverage.inspect,
          }).start();
          const effects = effectLog(actor);
          const send = (event: AnyEventObject) => actor.send(event as ScheduleFormEvent);
          const context = () => actor.getSnapshot().context;
          if (given.origin.kind === 'repeat')
            expect(draft.last.input).toEqual({ transactionId: given.origin.transactionId });

          await path.test({
            events: {
              'form.set': ({ event }) => send(event),
              'form.service': ({ event }) => send(event),
              'form.provider': ({ event }) => send(event),
              'form.frequency': ({ event }) => send(event),
              'form.end': ({ event }) => send(event),
              // What is not part of a number or an amount never reaches the form.
              'form.beneficiary': ({ event }) => {
                send(event);
                expect(context().fields.beneficiary).toBe('08031234567');
              },
              'form.amount': ({ event }) => {
                send(event);
                expect(context().fields.amount).toBe('500');
              },
              'form.verify': ({ event }) => {
                const { fields } = context();
                const calls = verify.count;
                const verifiable = fields.providerId !== '' && fields.beneficiary.trim() !== '';
                effects.expect(verifiable ? [] : [errorToast(messages.allFieldsRequired)]);
                send(event);
                expect(verify.count).toBe(calls + (verifiable ? 1 : 0));
                if (verifiable)
                  expect(verify.last.input).toEqual({
                    provider_id: Number(fields.providerId),
                    beneficiary: fields.beneficiary,
                  });
              },
              'form.submit': ({ event }) => {
                const problem = validateSchedule(context().fields, context().renewal);
                effects.expect(problem && problem !== formRules.verifyFirst ? [errorToast(say(problem))] : []);
                send(event);
                if (problem === null) expect(context().pinDialog.getSnapshot().matches('open')).toBe(true);
              },
              'form.cancel': ({ event }) => {
                send(event);
                expect(owner.heard).toEqual([{ type: 'form.closed' }]);
              },
              'xstate.done.actor.loadDraft': async ({ event }) => {
                draft.last.resolve((event as unknown as { output: Envelope<ScheduleDraft> }).output);
                await leaves(actor, 'loading');
              },
              'xstate.error.actor.loadDraft': async ({ event }) => {
                const { error } = event as unknown as { error: string };
                effects.expect([errorToast(error)]);
                draft.last.reject(new Error(error));
                await leaves(actor, 'loading');
                expect(owner.heard).toEqual([{ type: 'form.closed' }]);
              },
              'xstate.done.actor.verifyRenewal': async ({ event }) => {
                verify.last.resolve((event as unknown as { output: Envelope<MerchantDetails> }).output);
                await leaves(actor, 'verifying');
              },
              'xstate.error.actor.verifyRenewal': failsWithToast(
                effects,
                () => verify.last,
                () => leaves(actor, 'verifying'),
              ),
              'pin.accepted': ({ event }) => {
                const expected = scheduleRequest(context().fields, { pin: ADA_PIN }, context().scheduleId);
                send(event);
                expect(save.last.input).toEqual(expected);
              },
              'pin.cancelled': ({ event }) => send(event),
              'xstate.done.actor.save': async ({ event }) => {
                const { output } = event as unknown as { output: ScheduleAnswer };
                const reason =
                  output.type === 'error' ? (output.data as { reason?: string } | undefined)?.reason : undefined;
                if (output.type === 'success') effects.expect([successToast(output.message)]);
                else if (reason === 'pin-logout')
                  effects.expect([errorToast(messages.pinNotCorrect), navigation('/login')]);
                else effects.expect([errorToast(reason === 'pin-incorrect' ? messages.pinNotCorrect : output.message)]);
                const created = context().scheduleId === null;
                save.last.resolve(output);
                await leaves(actor, 'saving');
                if (output.type === 'success')
                  expect(owner.heard).toEqual([{ type: 'form.saved', schedule: output.data, created }]);
                if (reason === 'pin-incorrect') expect(session.actor.getSnapshot().context.pin_attempts).toBe(1);
                if (reason === 'pin-locked') expect(session.actor.getSnapshot().context.pin_locked).toBe(true);
              },
              'xstate.error.actor.save': failsWithToast(
                effects,
                () => save.last,
                () => leaves(actor, 'saving'),
              ),
            },
            states: {
              '*': (expected) => {
                const snapshot = expectStep(actor, expected, effects);
                // The pin lives only while its save is under way.
                expect(snapshot.context.pin === '').toBe(!snapshot.matches('saving'));
              },
            },
          });
          actor.stop();
          session.actor.stop();
        });
      }
    });
  }

  itWalkedEveryTransition('scheduleFormMachine', coverage, scheduleFormModel.transitions);
});

describe("the schedule form's rules", () => {
  it('say in English what the server answers for the same rule', () => {
    expect(say(formRules.allFieldsRequired)).toBe(messages.allFieldsRequired.message);
    expect(say(pinNotCorrect)).toBe(messages.pinNotCorrect.message);
  });
});
