import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/purchases/savedBeneficiaries.ts in docs/machines. */
export default {
  summary:
    'The numbers the user saved for one service, beside its purchase form: loaded once (or a message and ' +
    'Try again), then one save, rename or delete at a time, the list following the server’s answers.',
  events: {
    'saved.retry': '“Try again” after the list failed to load.',
    'saved.save': 'Saves a number under a name for this service.',
    'saved.rename': 'Gives a saved number a new name.',
    'saved.delete': 'Deletes a saved number.',
  },
  guards: {},
  actions: {
    keepList: 'Keeps the loaded list, sorted by name.',
    include: 'Puts the answered entry in the list, replacing the one with its id, sorted by name.',
    drop: 'Takes the deleted entry out of the list.',
  },
  actors: {
    list: 'Fetches the saved numbers of the service.',
    save: 'Sends a new saved number, with the screen’s service.',
    rename: 'Sends a saved number’s new name.',
    remove: 'Deletes a saved number and answers its id.',
  },
  delays: {},
} satisfies MachineDescription;
