import { connectivityMachine } from '../../../src/machines/app/connectivity';
import { createActorTestModel } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

const model = createActorTestModel(connectivityMachine, [{ type: 'network.offline' }, { type: 'network.online' }]);

/** The session it asks to poll when the network comes back. */
export const traversalSession = createTestSession().actor;

export const connectivityModel: MachineModel = defineModel({
  name: 'connectivity',
  machine: connectivityMachine,
  model,
  transitions: 2,
  traversals: [{ label: 'online', options: { input: { session: traversalSession } } }],
  words: {
    'network.offline': () => 'the browser loses its network',
    'network.online': () => 'the network comes back',
  },
});
