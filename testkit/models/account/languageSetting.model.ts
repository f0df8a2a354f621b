import type { Envelope, UserData } from '../../../core/contract';
import { languageSettingMachine } from '../../../src/machines/account/languageSetting';
import { ada } from '../../fixtures';
import { createActorTestModel } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

/** The account, its language on file English. */
export const english: UserData = { ...ada, language: 'en' };
export const savedAs = (language: 'yo' | 'ha'): Envelope<UserData> => ({
  type: 'success',
  message: 'language saved',
  data: { ...english, language },
});
export const refused = 'too many requests, please try again later';

const model = createActorTestModel(languageSettingMachine, [
  { type: 'language.choose', language: 'yo' },
  // The language on file picked again: nothing to save.
  { type: 'language.choose', language: 'en' },
  // Picked while Yoruba is being saved: saved next (and Yoruba again: nothing more to save).
  { type: 'language.choose', language: 'ha' },
  { type: 'xstate.done.actor.setLanguage', output: savedAs('yo') },
  { type: 'xstate.done.actor.setLanguage', output: savedAs('ha') },
  { type: 'xstate.error.actor.setLanguage', error: refused },
]);

export const languageSettingModel: MachineModel = defineModel({
  name: 'languageSetting',
  machine: languageSettingMachine,
  model,
  transitions: 6,
  traversals: [
    {
      label: 'English on file',
      options: {
        input: { session: createTestSession(english).actor },
        filterEvents: (snapshot, event) => {
          const { shown, next } = snapshot.context;
          switch (event.type) {
            // Yoruba and English are picked while idle; Hausa during Yoruba's save, and Yoruba again
            // once Hausa waits behind it.
            case 'language.choose':
              if (event.language === 'ha') return snapshot.matches('saving') && shown === 'yo' && next === null;
              if (event.language === 'yo' && next === 'ha') return true;
              return snapshot.matches('idle');
            // The server keeps the language it was sent.
            case 'xstate.done.actor.setLanguage':
              return (event.output as Envelope<UserData>).data?.language === shown;
            default:
              return true;
          }
        },
      },
    },
  ],
  words: {
    'xstate.done.actor.setLanguage': (event) =>
      `the language call keeps ${(event.output as Envelope<UserData>).data?.language}`,
  },
});
