import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Envelope, UserData } from '../../../core/contract';
import type { Locale } from '../../../core/i18n/locales';
import { setLanguage } from '../../api/account/profile';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

/**
 * /more's language: the account's own (what its e-mails and texts are written in, on every
 * device), shown as the server last answered it. Choosing another saves it at once; until the
 * server has said so the choice shows as being saved, and a refusal or a lost connection puts
 * back the one on file and says why. A choice made while one is being saved waits for it and is
 * then saved in turn, so the last choice is the one kept.
 */
export interface LanguageSettingInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface LanguageSettingContext extends LanguageSettingInput {
  /** What the picker shows: the language on file, or the one being saved. */
  shown: Locale | null;
  /** The language the server last answered for the account. */
  saved: Locale | null;
  /** A choice made while another was being saved, saved next. */
  next: Locale | null;
}

export type LanguageSettingEvent = { type: 'language.choose'; language: Locale };

const languageOnFile = (session: LanguageSettingInput['session']) => session.getSnapshot().context.user.language;

/** The language being saved: `saving` is entered only with a choice shown (the `show` or `takeQueued` before it). */
function beingSaved(context: LanguageSettingContext): Locale {
  if (context.shown === null) throw new Error('a language is saved only once one is chosen');
  return context.shown;
}

/** The language the server answered it keeps, or, from a server that leaves it out, the one sent. */
const keptLanguage = (context: LanguageSettingContext, answer: Envelope<UserData>): Locale =>
  answer.data?.language ?? beingSaved(context);

export const languageSettingMachine = setup({
  types: {
    context: {} as LanguageSettingContext,
    events: {} as LanguageSettingEvent,
    input: {} as LanguageSettingInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    setLanguage: fromPromise<Envelope<UserData>, Locale>(({ input, signal }) => setLanguage(input, signal)),
  },
  actions: {
    ...effects,
    show: assign((_, params: { language: Locale }) => ({ shown: params.language })),
    // Picking again the language being saved leaves nothing to save after it.
    queue: assign(({ context }, params: { language: Locale }) => ({
      next: params.language === context.shown ? null : params.language,
    })),
    takeQueued: assign(({ context }) => ({ shown: context.next, next: null })),
    keep: assign((_, params: { language: Locale }) => ({ saved: params.language, shown: params.language })),
    putBack: assign(({ context }) => ({ shown: context.saved, next: null })),
    updateSession: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.update' as const, data: params.data }),
    ),
  },
  guards: {
    isShown: ({ context }, params: { language: Locale }) => context.shown === params.language,
    hasQueued: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'languageSetting',
  context: ({ input }) => {
    const language = languageOnFile(input.session);
    return { session: input.session, shown: language, saved: language, next: null };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'language.choose': [
          { guard: { type: 'isShown', params: ({ event }) => ({ language: event.language }) } },
          { target: 'saving', actions: { type: 'show', params: ({ event }) => ({ language: event.language }) } },
        ],
      },
    },
    saving: {
      tags: 'busy',
      on: {
        'language.choose': { actions: { type: 'queue', params: ({ event }) => ({ language: event.language }) } },
      },
      invoke: {
        id: 'setLanguage',
        src: 'setLanguage',
        input: ({ context }) => beingSaved(context),
        onDone: [
          {
            guard: 'hasQueued',
            target: 'saving',
            reenter: true,
            actions: [
              { type: 'keep', params: ({ context, event }) => ({ language: keptLanguage(context, event.output) }) },
              { type: 'updateSession', params: ({ event }) => ({ data: event.output.data ?? {} }) },
              'takeQueued',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'keep', params: ({ context, event }) => ({ language: keptLanguage(context, event.output) }) },
              { type: 'updateSession', params: ({ event }) => ({ data: event.output.data ?? {} }) },
              { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            'putBack',
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          ],
        },
      },
    },
  },
});
