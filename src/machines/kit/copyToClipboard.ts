import { fromPromise, setup } from 'xstate';
import { copyText, type CopyOutcome } from '../../api/kit/clipboard';
import * as clipboard from '../../../core/words/clipboard';
import { effects, type FlowEmitted } from './effects';

export type CopyToClipboardEvent = { type: 'clipboard.copy'; text: string };

/**
 * One copy button (an account number on /funding, a token or pin in a transaction's details): the
 * text goes to the clipboard and the user hears one of three outcomes: copied, failed, or no
 * clipboard. A second press while the first copy runs is ignored.
 */
export const copyToClipboardMachine = setup({
  types: {
    events: {} as CopyToClipboardEvent,
    emitted: {} as FlowEmitted,
  },
  actors: {
    // Started with the copy event itself: what is copied may be a bought token or pin, and the
    // inspector's mask conceals the payload of a `clipboard.*` event wherever it goes.
    copyText: fromPromise<CopyOutcome, CopyToClipboardEvent>(({ input }) => copyText(input.text)),
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
        input: ({ event }) => event as CopyToClipboardEvent,
        onDone: [
          {
            guard: { type: 'is', params: ({ event }) => ({ outcome: event.output, expected: 'copied' }) },
            target: 'idle',
            actions: { type: 'toast', params: { level: 'success', message: clipboard.copied } },
          },
          {
            guard: { type: 'is', params: ({ event }) => ({ outcome: event.output, expected: 'unsupported' }) },
            target: 'idle',
            actions: { type: 'toast', params: { level: 'error', message: clipboard.noClipboard } },
          },
          { target: 'idle', actions: { type: 'toast', params: { level: 'error', message: clipboard.copyFailed } } },
        ],
      },
    },
  },
});
