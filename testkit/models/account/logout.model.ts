import { logoutMachine } from '../../../src/machines/account/logout';
import { adaWithPin } from '../../fixtures';
import { createActorTestModel } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const logoutModel: MachineModel = defineModel({
  name: 'logout',
  machine: logoutMachine,
  model: createActorTestModel(logoutMachine),
  transitions: 3,
  traversals: [{ label: 'signed in with a pin', options: { input: { session: createTestSession(adaWithPin).actor } } }],
});
