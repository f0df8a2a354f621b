import { staffChangeApprovalMachine } from '../../../src/machines/console/staffChangeApproval';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { approvedCreation, refused } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

const APPROVED = {
  message: 'approved: account created, invitation sent to funmi@ops.test',
  data: approvedCreation,
};
const OWN_CHANGE = refused('you asked for this yourself: another admin must approve it');

const model = createActorTestModel(staffChangeApprovalMachine, [
  { type: 'staffApproval.type', value: '492039' },
  { type: 'xstate.done.actor.approveStaffChange', output: APPROVED },
  { type: 'xstate.error.actor.approveStaffChange', error: OWN_CHANGE },
]);

export const staffChangeApprovalModel: MachineModel = defineModel({
  name: 'staffChangeApproval',
  machine: staffChangeApprovalMachine,
  model,
  transitions: 7,
  traversals: [
    {
      label: 'a creation waiting for a second admin',
      options: {
        input: { changeId: 5 },
        // The code is typed once, on the approval form.
        filterEvents: (snapshot, event) => event.type !== 'staffApproval.type' || snapshot.context.code === '',
        serializeState: keyApart(model, ['staffApproval.submit']),
      },
    },
  ],
});
