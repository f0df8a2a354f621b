import type { Envelope, VirtualAccount } from '../../core/contract';
import { fundingMachine } from '../../src/machines/funding';
import { adaSignedIn } from '../support/fixtures';
import { createActorTestModel, keyApart } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';
import { defineModel, type MachineModel, type Traversal } from './machineModel';

export const ACCOUNTS: VirtualAccount[] = [
  { bank_name: 'Wema Bank', account_number: '9912345678' },
  { bank_name: 'Moniepoint MFB', account_number: '6612345678' },
];
const created: Envelope<VirtualAccount[]> = { type: 'success', message: 'accounts created', data: ACCOUNTS };
const noneYet: Envelope<VirtualAccount[]> = { type: 'success', message: 'accounts are being prepared', data: [] };
const refused = 'our bank partner is unavailable, please try again later';

const model = createActorTestModel(fundingMachine, [
  { type: 'xstate.done.actor.createAccounts', output: created },
  { type: 'xstate.done.actor.createAccounts', output: noneYet },
  { type: 'xstate.error.actor.createAccounts', error: refused },
]);

const from = (label: string, accounts: VirtualAccount[]): Traversal => ({
  label,
  options: {
    input: { session: createTestSession(adaSignedIn).actor, accounts },
    // Each answer of the server gets its own path, though two of them end in `failed`.
    serializeState: keyApart(model, ['xstate.done.actor.createAccounts', 'xstate.error.actor.createAccounts']),
  },
});

/** The accounts a traversal's user starts with. */
export const accountsOf = (traversal: Traversal) => (traversal.options.input as { accounts: VirtualAccount[] }).accounts;

export const fundingModel: MachineModel = defineModel({
  name: 'funding',
  machine: fundingMachine,
  model,
  transitions: 6,
  traversals: [from('a user without virtual accounts', []), from('a user with virtual accounts', ACCOUNTS)],
  words: {
    'xstate.done.actor.createAccounts': (event) => `the create-accounts call answers: ${(event.output as Envelope).message}`,
  },
});
