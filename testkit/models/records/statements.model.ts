import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Envelope, StatementRequest, StatementSummary } from '../../../core/contract';
import { statementsMachine } from '../../../src/machines/records/statements';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const TODAY = '2026-11-22';
/** The last 30 days, today included. */
export const DEFAULT_FROM = '2026-10-24';

export const totals = (request: StatementRequest): Envelope<StatementSummary> => ({
  type: 'success',
  message: 'statement summary fetched successfully',
  data: {
    ...request,
    opening_balance: 1000,
    total_credits: 450.25,
    total_debits: 350.5,
    closing_balance: 1099.75,
    entries: 4,
  },
});
export const FILE = 'naira-wallet-statement.pdf';

const model = createActorTestModel(statementsMachine, [
  { type: 'statement.from', value: '2026-11-01' },
  // After the end date: refused before asking.
  { type: 'statement.from', value: '2026-11-30' },
  // After today: refused before asking.
  { type: 'statement.to', value: '2026-11-25' },
  // Each run answers the dates it asked for (tests/machines/records/statements.model.test.ts); the traversal's answer only moves the state.
  { type: 'xstate.done.actor.summary', output: totals({ from: DEFAULT_FROM, to: TODAY }) },
  { type: 'xstate.error.actor.summary', error: 'the statement cannot end after today' },
  { type: 'statement.download', format: 'pdf' },
  { type: 'statement.download', format: 'csv' },
  { type: 'xstate.done.actor.download', output: FILE },
  { type: 'xstate.error.actor.download', error: 'Something went wrong. Check your connection and try again.' },
]);

/** Each date is changed at most once from its default; a person trying every date in turn adds nothing but paths. */
const once = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  (event.type !== 'statement.from' || snapshot.context.from === DEFAULT_FROM) &&
  (event.type !== 'statement.to' || snapshot.context.to === TODAY);

export const statementsModel: MachineModel = defineModel({
  name: 'statements',
  machine: statementsMachine,
  model,
  transitions: 9,
  traversals: [
    {
      label: `today ${TODAY}`,
      options: { input: { today: TODAY }, filterEvents: once, serializeState: keyApart(model, ['statement.show']) },
    },
  ],
});
