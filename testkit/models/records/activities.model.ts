import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Envelope, Paginated, Transaction } from '../../../core/contract';
import { CallFailure } from '../../../src/api/kit/http';
import type { Kept } from '../../../src/api/kit/offlineCopy';
import { activitiesMachine } from '../../../src/machines/records/activities';
import { airtimePurchase } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const PAGE_SIZE = 2;

const completed = airtimePurchase(1, 'completed');
const pending = airtimePurchase(2, 'pending');
const canceled = airtimePurchase(3, 'canceled');
const processing = airtimePurchase(4, 'processing');

const page = (data: Transaction[], current_page: number, last_page: number): Envelope<Paginated<Transaction>> => ({
  type: 'success',
  message: 'transactions fetched successfully',
  data: { data, current_page, per_page: PAGE_SIZE, total: 4, last_page },
});
/** Full, with a second page behind it: "Load more" shows. */
export const firstOfTwo = page([completed, pending], 1, 2);
/** Full, and the last: nothing more to load. */
const secondOfTwo = page([canceled, processing], 2, 2);
/** Full, but the server says it is the last: more is not revealed. */
const fullAndLast = page([completed, pending], 1, 1);
/** A lone page that is not full. */
const onlyPage = page([pending], 1, 1);
const nothing = page([], 1, 1);
const checked: Envelope<Transaction> = {
  type: 'success',
  message: 'Transaction status updated',
  data: { ...pending, status: 'completed' },
};
/** Still processing, placed long over a day ago: its details open to offer a report. */
export const stuck: Envelope<Transaction> = {
  type: 'success',
  message: 'transaction status refreshed',
  data: { ...processing, created_at: '2020-01-01T00:00:00Z' },
};

/** The first page kept from an earlier visit, shown when the server is out of reach. */
export const keptCopy: Kept<Transaction> = { at: Date.UTC(2026, 10, 20, 9, 30), rows: [completed, pending] };

const model = createActorTestModel(activitiesMachine, [
  ...[completed, pending, canceled, processing].map((t) => ({ type: 'activities.select', id: t.id })),
  { type: 'xstate.done.actor.firstPage', output: firstOfTwo },
  { type: 'xstate.done.actor.firstPage', output: fullAndLast },
  { type: 'xstate.done.actor.firstPage', output: onlyPage },
  { type: 'xstate.done.actor.firstPage', output: nothing },
  { type: 'xstate.error.actor.firstPage', error: 'Failed to fetch' },
  // No answer at all (offline): the kept copy stands in, if there is one.
  { type: 'xstate.error.actor.firstPage', error: new CallFailure('unreachable') },
  { type: 'xstate.done.actor.kept', output: keptCopy },
  { type: 'xstate.done.actor.kept', output: null },
  { type: 'xstate.error.actor.kept', error: 'storage unreadable' },
  { type: 'xstate.done.actor.nextPage', output: secondOfTwo },
  { type: 'xstate.error.actor.nextPage', error: 'Service temporarily unavailable' },
  { type: 'xstate.done.actor.refresh', output: checked },
  { type: 'xstate.done.actor.refresh', output: stuck },
  { type: 'xstate.error.actor.refresh', error: 'transaction not found' },
]);

/** Rows are tapped only once they are on screen; a tap on nothing is not a thing a person does. */
const onScreen = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  event.type !== 'activities.select' || snapshot.context.items.some((t: Transaction) => t.id === event.id);

// The list on /activities: it keeps the session's `more_reveal` as its answers say.
export const traversalSession = createTestSession().actor;

/** How a page answer reads: which page of how many, and its rows. */
const pageWords = (event: AnyEventObject) => {
  const { message, data } = event.output as Envelope<Paginated<Transaction>>;
  return `${message}: page ${data!.current_page} of ${data!.last_page}, ${data!.data.length} row(s)`;
};

export const activitiesModel: MachineModel = defineModel({
  name: 'activities',
  machine: activitiesMachine,
  model,
  transitions: 20,
  traversals: [
    {
      label: `pages of ${PAGE_SIZE}`,
      options: {
        input: { pageSize: PAGE_SIZE, session: traversalSession },
        filterEvents: onScreen,
        serializeState: serializeTransitionTaken,
      },
    },
  ],
  words: {
    'activities.select': (event) => `tap transaction ${String(event.id)}`,
    'xstate.done.actor.firstPage': (event) => `the transactions call answers: ${pageWords(event)}`,
    'xstate.done.actor.nextPage': (event) => `the transactions call answers: ${pageWords(event)}`,
    'xstate.done.actor.kept': (event) =>
      event.output === null
        ? 'nothing was kept from an earlier visit'
        : `the copy kept from an earlier visit has ${(event.output as Kept<Transaction>).rows.length} row(s)`,
    'xstate.done.actor.refresh': (event) => {
      const { message, data } = event.output as Envelope<Transaction>;
      return `the status check answers: ${message} (${data!.status})`;
    },
  },
});
