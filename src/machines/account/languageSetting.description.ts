import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/languageSetting.ts in docs/machines. */
export default {
  summary:
    "/more's language: the account's own, for its e-mails and texts on every device; a choice is saved at once, " +
    'one made meanwhile next, and a refusal puts back the one on file.',
  events: {
    'language.choose': 'Picks a language in the list.',
  },
  guards: {
    isShown: 'The language picked is the one shown already.',
    hasQueued: 'Another language was picked while this one was being saved.',
  },
  actions: {
    show: 'Shows the language picked, being saved.',
    queue: 'Keeps a language picked during a save, to save next.',
    takeQueued: 'Shows the language kept for next, being saved.',
    keep: 'Keeps the language the server answered as the one on file.',
    putBack: 'Shows the language on file again, forgetting any kept for next.',
    updateSession: 'Merges the answered user fields into the session.',
  },
  actors: {
    setLanguage: "Sends the account's language to the server.",
  },
  delays: {},
} satisfies MachineDescription;
