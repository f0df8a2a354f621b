import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/consoleRecord.ts in docs/machines. */
export default {
  summary:
    'What a console screen shows (a queue, a customer, the glance): loaded, reloaded with the last answer ' +
    'kept on screen, Try again when the first load fails.',
  events: {
    'record.reload': 'A refresh, an action done on the screen, or a new filter.',
    'record.retry': '“Try again” after a failed first load.',
  },
  guards: {},
  actions: {
    keepData: 'Keeps the answer to show.',
    keepArgs: 'Keeps the new arguments of a reload (a filter), or the last ones.',
  },
  actors: {
    load: 'The named read (consoleCalls.ts READS) with its arguments.',
  },
  delays: {},
} satisfies MachineDescription;
