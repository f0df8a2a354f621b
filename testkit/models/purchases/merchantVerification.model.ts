import type { Envelope, MerchantDetails, VerifyMerchantRequest } from '../../../core/contract';
import {
  merchantVerificationMachine,
  type MerchantVerificationReport,
} from '../../../src/machines/purchases/merchantVerification';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { listeningOwner } from '../kit/listeningOwner';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const request: VerifyMerchantRequest = { provider_id: 21, beneficiary: '45012345678' };
export const holder: Envelope<MerchantDetails> = {
  type: 'success',
  message: 'merchant verified',
  data: { name: 'ADA OBI', address: '12 Allen Avenue, Ikeja' },
};
export const unknown = 'meter number not found';

/** The form that owns the verification, recording what it is told. */
export const recorder = () => listeningOwner<MerchantVerificationReport>();

export const merchantVerificationModel: MachineModel = defineModel({
  name: 'merchantVerification',
  machine: merchantVerificationMachine,
  model: createActorTestModel(merchantVerificationMachine, [
    { type: 'merchant.verify', request },
    { type: 'xstate.done.actor.verify', output: holder },
    { type: 'xstate.error.actor.verify', error: unknown },
  ]),
  transitions: 4,
  traversals: [
    { label: 'unverified', options: { input: { owner: recorder().actor }, serializeState: serializeTransitionTaken } },
  ],
  words: {
    'merchant.verify': (event) =>
      `press Verify Merchant (number: ${(event.request as VerifyMerchantRequest).beneficiary})`,
    'xstate.done.actor.verify': (event) => {
      const { message, data } = event.output as Envelope<MerchantDetails>;
      return `the verify-merchant call answers: ${message} (${data?.name}, ${data?.address})`;
    },
  },
});
