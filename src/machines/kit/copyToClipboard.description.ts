import type { MachineDescription } from './machineDescription';

/** The page of src/machines/kit/copyToClipboard.ts in docs/machines. */
export default {
  summary: 'One copy button (an account number, a bought token or pin): copies and tells one of three outcomes.',
  events: {
    'clipboard.copy': 'A press on the copy button, with the text to copy.',
  },
  guards: {
    is: 'The copy ended with the expected outcome (copied, unsupported, failed).',
  },
  actions: {},
  actors: {
    copyText: 'Writes the text to the clipboard.',
  },
  delays: {},
} satisfies MachineDescription;
