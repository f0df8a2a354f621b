import type { EnrolmentDone, EnrolmentSecret } from '../../../core/console';
import { totpEnrolmentMachine } from '../../../src/machines/console/totpEnrolment';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { answer, refused, WRONG_CODE } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const secret: EnrolmentSecret = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Naira%20Wallet%20console:ada%40ops.test?secret=JBSWY3DPEHPK3PXP',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
export const enrolled: EnrolmentDone = { ...answer('signed-in'), recovery_codes: ['0A1B2-C3D4E', 'F5G6H-J7K8M'] };

const model = createActorTestModel(totpEnrolmentMachine, [
  { type: 'xstate.done.actor.startEnrolment', output: secret },
  { type: 'xstate.error.actor.startEnrolment', error: refused('finish signing in first', 401) },
  { type: 'enrolment.code', value: '12 34 56' },
  { type: 'xstate.done.actor.confirmEnrolment', output: enrolled },
  { type: 'xstate.error.actor.confirmEnrolment', error: WRONG_CODE },
]);

export const totpEnrolmentModel: MachineModel = defineModel({
  name: 'totpEnrolment',
  machine: totpEnrolmentMachine,
  model,
  transitions: 9,
  traversals: [
    {
      label: 'a half-open session without an authenticator app',
      options: {
        filterEvents: (snapshot, event) => event.type !== 'enrolment.code' || snapshot.context.code === '',
        serializeState: keyApart(model, ['enrolment.submit']),
      },
    },
  ],
});
