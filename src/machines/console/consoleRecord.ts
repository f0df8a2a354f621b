import { assign, fromPromise, setup } from 'xstate';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { read, type ReadName } from './consoleCalls';

export interface ConsoleRecordInput {
  /** Which read (consoleCalls.ts READS), and with what. */
  read: ReadName;
  args: unknown;
}

export interface ConsoleRecordContext extends ConsoleRecordInput {
  /** What the screen shows: the read's answer. */
  data: unknown;
}

/** A reload may change what is read (a new filter). */
export type ConsoleRecordEvent = { type: 'record.reload'; args?: unknown } | { type: 'record.retry' };

/**
 * What a console screen reads (a queue, a customer's page, the glance): loading, then shown;
 * reloaded on demand (or after an action) with the last answer kept on screen meanwhile; a
 * failed first load says so with Try again, a failed reload keeps what was shown and says why.
 * The screen names its read (consoleCalls.ts), so one machine serves every screen.
 */
export const consoleRecordMachine = setup({
  types: {
    context: {} as ConsoleRecordContext,
    events: {} as ConsoleRecordEvent,
    input: {} as ConsoleRecordInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    load: fromPromise<unknown, ConsoleRecordInput>(
      async ({ input, signal }) => (await read(input.read, input.args, signal)).data,
    ),
  },
  actions: {
    ...effects,
    keepData: assign({ data: (_, params: { data: unknown }) => params.data }),
    keepArgs: assign({
      args: ({ context }, params: { args: unknown }) => (params.args === undefined ? context.args : params.args),
    }),
  },
}).createMachine({
  id: 'consoleRecord',
  context: ({ input }) => ({ read: input.read, args: input.args, data: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ read: context.read, args: context.args }),
        onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) } },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'record.retry': 'loading' },
    },
    ready: {
      on: {
        'record.reload': {
          target: 'reloading',
          actions: { type: 'keepArgs', params: ({ event }) => ({ args: event.args }) },
        },
      },
    },
    reloading: {
      tags: 'busy',
      invoke: {
        id: 'reload',
        src: 'load',
        input: ({ context }) => ({ read: context.read, args: context.args }),
        onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) } },
        onError: {
          target: 'ready',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
