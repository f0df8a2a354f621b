import { logoutMachine } from '../../src/machines/logout';
import { adaWithPin } from '../support/fixtures';
import { createActorTestModel } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';
import { defineModel, type MachineModel } from './machineModel';

export const logoutModel: MachineModel = defineModel({
  name: 'logout',
  machine: logoutMachine,
  model: createActorTestModel(logoutMachine),
  transitions: 3,
  traversals: [{ label: 'signed in with a pin', options: { input: { session: createTestSession(adaWithPin).actor } } }],
});
