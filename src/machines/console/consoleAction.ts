import { assign, emit, fromPromise, setup } from 'xstate';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { act, type ActionName } from './consoleCalls';

export interface ConsoleActionInput {
  /** Which action (consoleCalls.ts ACTIONS). */
  action: ActionName;
  /** The action asks for a note (a case's resolution, a reason): at least this many characters; 0 asks for none. */
  noteMin: number;
}

export interface ConsoleActionContext extends ConsoleActionInput {
  /** What the action is about, given when it starts (a case number, the search typed). */
  args: unknown;
  note: string;
}

export type ConsoleActionEvent =
  | { type: 'action.start'; args?: unknown }
  | { type: 'action.note'; value: string }
  | { type: 'action.submit' }
  | { type: 'action.cancel' };

/** Emitted once an action succeeded, with what it answered, for the screen to read its record again. */
export type ConsoleActionEmitted = FlowEmitted | { type: 'action.done'; data: unknown };

export interface Performed {
  message: string;
  data: unknown;
}

/** The server's messages start in lower case; a toast is a sentence. */
export const sentence = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

export const NOTE_TOO_SHORT = (min: number) =>
  `Write a note of at least ${min} characters: it is kept with the action.`;

/**
 * One staff action that moves no money (take a case into review, resolve it with a note, end a
 * customer's sessions, requery a bill, acknowledge a mismatch, manage staff): optionally a note
 * first, then the call (named, consoleCalls.ts), whose answer is told; the screen reloads what
 * it shows when the action is done. Money goes through moneyRequest and moneyApproval.
 */
export const consoleActionMachine = setup({
  types: {
    context: {} as ConsoleActionContext,
    events: {} as ConsoleActionEvent,
    input: {} as ConsoleActionInput,
    emitted: {} as ConsoleActionEmitted,
  },
  actors: {
    perform: fromPromise<Performed, { action: ActionName; args: unknown; note: string }>(({ input, signal }) =>
      act(input.action, input.args, input.note, signal),
    ),
  },
  actions: {
    ...effects,
    keepArgs: assign({ args: (_, params: { args: unknown }) => params.args ?? null }),
    setNote: assign({ note: (_, params: { value: string }) => params.value.slice(0, 1000) }),
    forgetNote: assign({ note: '' }),
    done: emit((_, params: { data: unknown }) => ({ type: 'action.done' as const, data: params.data })),
  },
  guards: {
    asksForNote: ({ context }) => context.noteMin > 0,
    noteTooShort: ({ context }) => context.note.trim().length < context.noteMin,
  },
}).createMachine({
  id: 'consoleAction',
  context: ({ input }) => ({ action: input.action, noteMin: input.noteMin, args: null, note: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'action.start': [
          {
            guard: 'asksForNote',
            target: 'writing',
            actions: { type: 'keepArgs', params: ({ event }) => ({ args: event.args }) },
          },
          { target: 'running', actions: { type: 'keepArgs', params: ({ event }) => ({ args: event.args }) } },
        ],
      },
    },
    writing: {
      on: {
        'action.note': { actions: { type: 'setNote', params: ({ event }) => ({ value: event.value }) } },
        'action.cancel': { target: 'idle', actions: 'forgetNote' },
        'action.submit': [
          {
            guard: 'noteTooShort',
            actions: {
              type: 'toast',
              params: ({ context }) => ({ level: 'error', message: NOTE_TOO_SHORT(context.noteMin) }),
            },
          },
          { target: 'running' },
        ],
      },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ action: context.action, args: context.args, note: context.note.trim() }),
        onDone: {
          target: 'idle',
          actions: [
            'forgetNote',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: sentence(event.output.message) }) },
            { type: 'done', params: ({ event }) => ({ data: event.output.data }) },
          ],
        },
        onError: [
          {
            guard: 'asksForNote',
            target: 'writing',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
          {
            target: 'idle',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
        ],
      },
    },
  },
});
