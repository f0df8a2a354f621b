import { moneyRequestMachine } from '../../../src/machines/console/moneyRequest';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { pendingRequest, WRONG_CODE } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

const model = createActorTestModel(moneyRequestMachine, [
  { type: 'money.change', field: 'amount', value: '500' },
  { type: 'money.change', field: 'reason', value: 'Airtime delivered late twice' },
  { type: 'money.change', field: 'code', value: '492039' },
  { type: 'xstate.done.actor.requestMoney', output: pendingRequest },
  { type: 'xstate.error.actor.requestMoney', error: WRONG_CODE },
]);

const FIELDS: Record<string, string[]> = { editing: ['amount', 'reason'], confirming: ['code'] };

export const moneyRequestModel: MachineModel = defineModel({
  name: 'moneyRequest',
  machine: moneyRequestMachine,
  model,
  transitions: 9,
  traversals: [
    {
      label: 'a goodwill credit for customer 12',
      options: {
        input: { kind: 'goodwill-credit', customerId: 12, incomingTransferId: null },
        filterEvents: (snapshot, event) => {
          if (event.type !== 'money.change') return true;
          const fields = FIELDS[String(snapshot.value)] ?? [];
          const context = snapshot.context as Record<string, string>;
          const position = fields.indexOf(event.field);
          return (
            position >= 0 &&
            context[event.field] === '' &&
            fields.slice(0, position).every((field) => context[field] !== '')
          );
        },
        serializeState: keyApart(model, ['money.submit']),
      },
    },
  ],
});
