import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Envelope, UserData } from '../../../core/contract';
import type { Locale } from '../../../core/i18n/locales';
import { ApiError } from '../../../src/api/kit/http';
import { languageSettingMachine, type LanguageSettingEvent } from '../../../src/machines/account/languageSetting';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { english, languageSettingModel, savedAs } from '../../../testkit/models/account/languageSetting.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const [traversal] = languageSettingModel.traversals;
const coverage = createTransitionCoverage(languageSettingMachine);

/** The machine on a session whose account speaks English, with a language call the test answers. */
function started(inspect?: typeof coverage.inspect) {
  const { actor: session } = createTestSession(english);
  const call = deferredActor<Envelope<UserData>, Locale>();
  const machine = languageSettingMachine.provide({ actors: { setLanguage: call.logic } });
  const actor = createActor(machine, { input: { session }, inspect }).start();
  return { session, call, actor };
}

describe('languageSettingMachine (model-based)', () => {
  for (const path of shortestPaths(languageSettingModel, traversal)) {
    it(pathTitle(path), async () => {
      const { session, call, actor } = started(coverage.inspect);
      const effects = effectLog(actor);
      expect(actor.getSnapshot().context).toMatchObject({ shown: 'en', saved: 'en', next: null });

      await path.test({
        events: {
          'language.choose': ({ event }) => void actor.send(event as LanguageSettingEvent),
          'xstate.done.actor.setLanguage': async ({ event }) => {
            const { output } = event as unknown as { output: Envelope<UserData> };
            const language = output.data!.language;
            // The call carried the language shown, and the server kept it.
            expect(call.last.input).toBe(language);
            const queued = actor.getSnapshot().context.next;
            const calls = call.count;
            effects.expect(queued ? [] : [successToast(output.message)]);
            call.last.resolve(output);
            await waitFor(actor, (snapshot) => snapshot.context.saved === language);
            // A language picked meanwhile is sent next, in a call of its own.
            if (queued) expect(call.count).toBe(calls + 1);
          },
          'xstate.error.actor.setLanguage': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            call.last.reject(new ApiError({ type: 'error', message: error }));
            await waitFor(actor, (snapshot) => snapshot.matches('idle'));
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            const { shown, saved } = snapshot.context;
            // Idle, the picker shows what is on file; the session knows only what the server kept.
            if (snapshot.matches('idle')) expect(shown).toBe(saved);
            expect(session.getSnapshot().context.user.language).toBe(saved);
            expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('keeps the last of several languages picked during a save, and saves it next', async () => {
    const { session, call, actor } = started();
    actor.send({ type: 'language.choose', language: 'yo' });
    actor.send({ type: 'language.choose', language: 'ig' });
    actor.send({ type: 'language.choose', language: 'ha' });
    expect(call.count).toBe(1);
    call.last.resolve(savedAs('yo'));
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'yo');
    expect(call.count).toBe(2);
    expect(call.last.input).toBe('ha');
    expect(actor.getSnapshot().context.shown).toBe('ha');
    actor.stop();
    session.stop();
  });

  it('puts back the language on file when a save fails, forgetting one picked meanwhile', async () => {
    const { session, call, actor } = started();
    actor.send({ type: 'language.choose', language: 'yo' });
    actor.send({ type: 'language.choose', language: 'ha' });
    call.last.reject(new Error('Failed to fetch'));
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ shown: 'en', saved: 'en', next: null });
    expect(call.count).toBe(1);
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('languageSettingMachine', coverage, languageSettingModel.transitions);
});
