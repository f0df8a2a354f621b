import { appUpdateMachine } from '../../../src/machines/app/appUpdate';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

const model = createActorTestModel(appUpdateMachine, [
  { type: 'update.found' },
  { type: 'update.apply' },
  { type: 'app.busy', busy: true },
  { type: 'app.busy', busy: false },
]);

export const appUpdateModel: MachineModel = defineModel({
  name: 'appUpdate',
  machine: appUpdateMachine,
  model,
  transitions: 6,
  traversals: [
    {
      label: 'the current version',
      options: { serializeState: serializeTransitionTaken },
    },
  ],
  words: {
    'update.found': () => 'the service worker has installed a new version',
    'update.apply': () => 'press Reload on "Update available"',
    'app.busy': (event) => (event.busy ? 'a payment starts (its answer awaited)' : 'the payment has its answer'),
  },
});
