import { consoleActionMachine } from '../../../src/machines/console/consoleAction';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { refused } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const CASE = { caseNumber: 'NW-7K3QX9A2' };

const model = createActorTestModel(consoleActionMachine, [
  { type: 'action.start', args: CASE },
  { type: 'action.note', value: ' Token resent by the biller. ' },
  {
    type: 'xstate.done.actor.perform',
    output: { message: 'case NW-7K3QX9A2 is resolved: the customer has been told', data: { status: 'resolved' } },
  },
  { type: 'xstate.error.actor.perform', error: refused('case NW-7K3QX9A2 is already resolved', 409) },
]);

const options = {
  filterEvents: (snapshot: { context: { note: string } }, event: { type: string }) =>
    event.type !== 'action.note' || snapshot.context.note === '',
  serializeState: keyApart(model, ['action.submit']),
};

export const consoleActionModel: MachineModel = defineModel({
  name: 'consoleAction',
  machine: consoleActionMachine,
  model,
  transitions: 9,
  traversals: [
    {
      label: 'an action with a note (resolve a case)',
      options: { ...options, input: { action: 'case.resolve', noteMin: 1 } },
    },
    {
      label: 'an action without one (take a case into review)',
      options: { ...options, input: { action: 'case.review', noteMin: 0 } },
    },
  ],
});
