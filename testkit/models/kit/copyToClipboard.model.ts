import { copyToClipboardMachine } from '../../../src/machines/kit/copyToClipboard';
import { createActorTestModel, keyApart } from './actorTestModel';
import { defineModel, type MachineModel } from './machineModel';

/** An account number on /funding, the text a copy button copies. */
export const NUMBER = '9912345678';

const model = createActorTestModel(copyToClipboardMachine, [
  { type: 'clipboard.copy', text: NUMBER },
  { type: 'xstate.done.actor.copy', output: 'copied' },
  { type: 'xstate.done.actor.copy', output: 'unsupported' },
  { type: 'xstate.done.actor.copy', output: 'failed' },
]);

export const copyToClipboardModel: MachineModel = defineModel({
  name: 'copyToClipboard',
  machine: copyToClipboardMachine,
  model,
  transitions: 4,
  traversals: [
    {
      label: 'idle',
      // The three outcomes all land back in `idle`: keyed apart, each gets its own path.
      options: { serializeState: keyApart(model, ['xstate.done.actor.copy']) },
    },
  ],
  words: {
    'xstate.done.actor.copy': (event) => `the clipboard answers: ${String(event.output)}`,
  },
});
