import { consoleRecordMachine } from '../../../src/machines/console/consoleRecord';
import { createActorTestModel } from '../kit/actorTestModel';
import { refused } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const cases = [{ case_number: 'NW-7K3QX9A2' }];

const model = createActorTestModel(consoleRecordMachine, [
  { type: 'xstate.done.actor.load', output: cases },
  { type: 'xstate.error.actor.load', error: refused('The console could not reach the server.', 0) },
  { type: 'xstate.done.actor.reload', output: [] },
  { type: 'xstate.error.actor.reload', error: refused('The console could not reach the server.', 0) },
]);

export const consoleRecordModel: MachineModel = defineModel({
  name: 'consoleRecord',
  machine: consoleRecordMachine,
  model,
  transitions: 6,
  traversals: [{ label: 'the case queue', options: { input: { read: 'cases', args: { all: false } } } }],
});
