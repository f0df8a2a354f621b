import type { AnyEventObject } from 'xstate';
import type { Envelope, ProblemReport } from '../../../core/contract';
import { problemReportMachine } from '../../../src/machines/records/problemReport';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const TRANSACTION = 42;
const opened: ProblemReport = {
  case_number: 'NW-7K3QX9A2',
  transaction_id: TRANSACTION,
  reference: '202611221405abcdef012345',
  reason: 'still-processing',
  note: 'Paid yesterday',
  status: 'open',
  created_at: '2026-11-22T14:05:00Z',
  resolution_note: null,
};
export const found = (report: ProblemReport | null): Envelope<ProblemReport | null> => ({
  type: 'success',
  message: 'problem report fetched successfully',
  data: report,
});
const created: Envelope<ProblemReport> = {
  type: 'success',
  message: `we received your report: case ${opened.case_number}`,
  data: opened,
};
const alreadyOpen = `a problem with this transaction is already being looked into: case ${opened.case_number}`;

const model = createActorTestModel(problemReportMachine, [
  { type: 'xstate.done.actor.fetchReport', output: found(opened) },
  { type: 'xstate.done.actor.fetchReport', output: found(null) },
  { type: 'xstate.error.actor.fetchReport', error: 'Failed to fetch' },
  { type: 'report.reason', value: 'still-processing' },
  { type: 'report.note', value: '  Paid yesterday ' },
  { type: 'xstate.done.actor.createReport', output: created },
  { type: 'xstate.error.actor.createReport', error: alreadyOpen },
]);

/** The reason and the note are each chosen once: the form's other orders add nothing but paths. */
const once = (snapshot: { context: { reason: string; note: string } }, event: AnyEventObject) =>
  (event.type !== 'report.reason' || snapshot.context.reason === '') &&
  (event.type !== 'report.note' || snapshot.context.note === '');

export const problemReportModel: MachineModel = defineModel({
  name: 'problemReport',
  machine: problemReportMachine,
  model,
  transitions: 12,
  traversals: [
    {
      label: `transaction ${TRANSACTION}`,
      options: {
        input: { transactionId: TRANSACTION },
        filterEvents: once,
        serializeState: keyApart(model, ['report.submit', 'xstate.done.actor.fetchReport']),
      },
    },
  ],
  words: {
    // Both answers carry the same message: the case, or its absence, is what tells them apart.
    'xstate.done.actor.fetchReport': (event) => {
      const { message, data } = event.output as Envelope<ProblemReport | null>;
      return `the fetchReport call answers: ${message}, ${data ? `case ${data.case_number} (${data.status})` : 'no case yet'}`;
    },
  },
});
