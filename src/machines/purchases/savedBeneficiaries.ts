import { assign, fromPromise, setup } from 'xstate';
import type {
  DeleteBeneficiaryRequest,
  Envelope,
  RenameBeneficiaryRequest,
  SaveBeneficiaryRequest,
  SavedBeneficiary,
} from '../../../core/contract';
import {
  deleteBeneficiary,
  listSavedBeneficiaries,
  renameBeneficiary,
  saveBeneficiary,
} from '../../api/purchases/beneficiaries';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface SavedBeneficiariesInput {
  /** The service category whose numbers these are. */
  category: string;
}

export interface SavedBeneficiariesContext extends SavedBeneficiariesInput {
  /** By name, as the server orders them. */
  list: SavedBeneficiary[];
}

export type SavedBeneficiariesEvent =
  | { type: 'saved.retry' }
  | { type: 'saved.save'; request: Omit<SaveBeneficiaryRequest, 'category'> }
  | { type: 'saved.rename'; request: RenameBeneficiaryRequest }
  | { type: 'saved.delete'; request: DeleteBeneficiaryRequest };

const byName = (list: SavedBeneficiary[]) => [...list].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

/** The list with `saved` in it: in place of the entry with its id (a rename, or a number saved again), or added. */
const including = (list: SavedBeneficiary[], saved: SavedBeneficiary) =>
  byName([...list.filter((entry) => entry.id !== saved.id), saved]);

/**
 * The numbers the user saved for one service, beside the purchase form: loading
 * (the list, or a message and Try again), then ready, where one save, rename or delete runs at
 * a time and the list follows what the server answered. Picking a saved number is the purchase
 * flow's (`form.recent`): this machine only keeps the list.
 */
export const savedBeneficiariesMachine = setup({
  types: {
    context: {} as SavedBeneficiariesContext,
    events: {} as SavedBeneficiariesEvent,
    input: {} as SavedBeneficiariesInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    list: fromPromise<Envelope<SavedBeneficiary[]>, { category: string }>(({ input, signal }) =>
      listSavedBeneficiaries(input.category, signal),
    ),
    save: fromPromise<Envelope<SavedBeneficiary>, SaveBeneficiaryRequest>(({ input, signal }) =>
      saveBeneficiary(input, signal),
    ),
    rename: fromPromise<Envelope<SavedBeneficiary>, RenameBeneficiaryRequest>(({ input, signal }) =>
      renameBeneficiary(input, signal),
    ),
    // Answers the id deleted, for the list to drop.
    remove: fromPromise<number, DeleteBeneficiaryRequest>(async ({ input, signal }) => {
      await deleteBeneficiary(input, signal);
      return input.beneficiary_id;
    }),
  },
  actions: {
    ...effects,
    keepList: assign({ list: (_, params: { list: SavedBeneficiary[] }) => byName(params.list) }),
    include: assign({
      list: ({ context }, params: { saved: SavedBeneficiary }) => including(context.list, params.saved),
    }),
    drop: assign({
      list: ({ context }, params: { id: number }) => context.list.filter((entry) => entry.id !== params.id),
    }),
  },
}).createMachine({
  id: 'savedBeneficiaries',
  context: ({ input }) => ({ category: input.category, list: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'list',
        src: 'list',
        input: ({ context }) => ({ category: context.category }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepList', params: ({ event }) => ({ list: event.output.data ?? [] }) },
        },
        onError: 'failed',
      },
    },
    /** The form works without them; the list says it could not load and offers Try again. */
    failed: {
      on: { 'saved.retry': 'loading' },
    },
    ready: {
      on: {
        'saved.save': 'saving',
        'saved.rename': 'renaming',
        'saved.delete': 'deleting',
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          ...(event as Extract<SavedBeneficiariesEvent, { type: 'saved.save' }>).request,
          category: context.category,
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'include', params: ({ event }) => ({ saved: event.output.data! }) },
            {
              type: 'toast',
              params: ({ event }) => ({
                level: 'success',
                message: {
                  words: /*i18n*/ { id: 'buy.saved.saved', message: 'Saved as {name}' },
                  values: { name: event.output.data!.name },
                },
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    renaming: {
      tags: 'busy',
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ event }) => (event as Extract<SavedBeneficiariesEvent, { type: 'saved.rename' }>).request,
        onDone: {
          target: 'ready',
          actions: [
            { type: 'include', params: ({ event }) => ({ saved: event.output.data! }) },
            {
              type: 'toast',
              params: ({ event }) => ({
                level: 'success',
                message: {
                  words: /*i18n*/ { id: 'buy.saved.renamed', message: 'Renamed to {name}' },
                  values: { name: event.output.data!.name },
                },
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ event }) => (event as Extract<SavedBeneficiariesEvent, { type: 'saved.delete' }>).request,
        onDone: {
          target: 'ready',
          actions: [
            { type: 'drop', params: ({ event }) => ({ id: event.output }) },
            {
              type: 'toast',
              params: { level: 'success', message: /*i18n*/ { id: 'buy.saved.deleted', message: 'Deleted' } },
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
