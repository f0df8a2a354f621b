import { fromPromise, setup } from 'xstate';
import { copyText, type CopyOutcome } from '../api/clipboard';
import { messages } from '../../core/messages';
import { effects, type FlowEmitted } from './effects';

export type CopyToClipboardEvent = { type: 'clipboard.copy'; text: string };

/**
 * One copy button (an account number on /funding, a token or pin in a transaction's details):
 * the text goes to the clipboard and the user hears one of the three outcomes of SPEC.md §2.
 * A second press while the first copy runs is ignored.
 */
export const copyToClipboardMachine = setup({
  types: {
    events: {} as CopyToClipboardEvent,
    emitted: {} as FlowEmitted,
  },
  actors: {
    copyText: fromPromise<CopyOutcome, { text: string }>(({ input }) => copyText(input.text)),
  },
  actions: { ...effects },
  guards: {
    is: (_, params: { outcome: CopyOutcome; expected: CopyOutcome }) => params.outcome === params.expected,
  },
}).createMachine({
  id: 'copyToClipboard',
  initial: 'idle',
  states: {
    idle: {
      on: { 'clipboard.copy': 'copying' },
    },
    copying: {
      invoke: {
        id: 'copy',
        src: 'copyText',
        input: ({ event }) => ({ text: (event as CopyToClipboardEvent).text }),
        onDone: [
          {
            guard: { type: 'is', params: ({ event }) => ({ outcome: event.output, expected: 'copied' }) },
            target: 'idle',
            actions: { type: 'toast', params: { level: 'success', message: messages.copied } },
          },
          {
            guard: { type: 'is', params: ({ event }) => ({ outcome: event.output, expected: 'unsupported' }) },
            target: 'idle',
            actions: { type: 'toast', params: { level: 'error', message: messages.noClipboard } },
          },
          { target: 'idle', actions: { type: 'toast', params: { level: 'error', message: messages.copyFailed } } },
        ],
      },
    },
  },
});
