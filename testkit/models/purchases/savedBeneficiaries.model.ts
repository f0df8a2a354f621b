import type {
  DeleteBeneficiaryRequest,
  Envelope,
  RenameBeneficiaryRequest,
  SaveBeneficiaryRequest,
  SavedBeneficiary,
} from '../../../core/contract';
import { savedBeneficiariesMachine } from '../../../src/machines/purchases/savedBeneficiaries';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const CATEGORY = 'airtime';
const mum: SavedBeneficiary = { id: 7, category: CATEGORY, beneficiary: '08031234567', name: 'Mum', provider_id: 1 };
const ada: SavedBeneficiary = { id: 9, category: CATEGORY, beneficiary: '08059876543', name: 'Ada', provider_id: null };
const mama: SavedBeneficiary = { ...mum, name: 'Mama' };

export const ok = <T>(data: T, message = 'ok'): Envelope<T> => ({ type: 'success', message, data });
export const saveRequest: Omit<SaveBeneficiaryRequest, 'category'> = {
  beneficiary: ada.beneficiary,
  name: ada.name,
  provider_id: null,
};
export const renameRequest: RenameBeneficiaryRequest = { beneficiary_id: mum.id, name: 'Mama' };
export const deleteRequest: DeleteBeneficiaryRequest = { beneficiary_id: mum.id };

const model = createActorTestModel(savedBeneficiariesMachine, [
  { type: 'xstate.done.actor.list', output: ok([mum]) },
  { type: 'xstate.error.actor.list', error: 'Failed to fetch' },
  { type: 'saved.save', request: saveRequest },
  { type: 'xstate.done.actor.save', output: ok(ada) },
  {
    type: 'xstate.error.actor.save',
    error: 'you can save up to 50 numbers for a service; delete one you no longer use first',
  },
  { type: 'saved.rename', request: renameRequest },
  { type: 'xstate.done.actor.rename', output: ok(mama) },
  { type: 'xstate.error.actor.rename', error: 'saved beneficiary not found' },
  { type: 'saved.delete', request: deleteRequest },
  { type: 'xstate.done.actor.remove', output: mum.id },
  { type: 'xstate.error.actor.remove', error: 'saved beneficiary not found' },
]);

/** A saved number as the list shows it: its name and the number. */
const entry = (saved: SavedBeneficiary) => `${saved.name} (${saved.beneficiary})`;

export const savedBeneficiariesModel: MachineModel = defineModel({
  name: 'savedBeneficiaries',
  machine: savedBeneficiariesMachine,
  model,
  transitions: 12,
  traversals: [
    {
      label: `the ${CATEGORY} numbers`,
      options: { input: { category: CATEGORY }, serializeState: serializeTransitionTaken },
    },
  ],
  words: {
    'xstate.done.actor.list': (event) =>
      `the list call answers: ${(event.output as Envelope<SavedBeneficiary[]>).data!.map(entry).join(', ') || 'no saved numbers'}`,
    'xstate.done.actor.save': (event) =>
      `the save call answers: saved ${entry((event.output as Envelope<SavedBeneficiary>).data!)}`,
    'xstate.done.actor.rename': (event) =>
      `the rename call answers: renamed to ${entry((event.output as Envelope<SavedBeneficiary>).data!)}`,
    'xstate.done.actor.remove': (event) => `the remove call answers: deleted saved number ${String(event.output)}`,
  },
});
