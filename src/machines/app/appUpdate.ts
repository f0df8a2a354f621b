import { assign, emit, setup } from 'xstate';

export type AppUpdateEvent =
  /** The service worker has installed a new version of the app, waiting to take over. */
  | { type: 'update.found' }
  /** The user asked for the new version ("Update available — reload"). */
  | { type: 'update.apply' }
  /** Whether a call that moves money is in flight (a purchase between its pin and its answer). */
  | { type: 'app.busy'; busy: boolean };

export type AppUpdateEmitted = { type: 'reload' };

/**
 * A new version of the app, announced and applied only when the user asks: the service worker
 * never takes over by itself. Asked mid-purchase, the reload waits until the purchase has its
 * answer, so a payment is never cut off by a new version.
 */
export const appUpdateMachine = setup({
  types: {
    context: {} as { busy: boolean },
    events: {} as AppUpdateEvent,
    emitted: {} as AppUpdateEmitted,
  },
  actions: {
    setBusy: assign({ busy: (_, params: { busy: boolean }) => params.busy }),
    reload: emit({ type: 'reload' as const }),
  },
  guards: {
    busy: ({ context }) => context.busy,
    stillBusy: (_, params: { busy: boolean }) => params.busy,
  },
}).createMachine({
  id: 'appUpdate',
  context: { busy: false },
  initial: 'current',
  on: {
    'app.busy': { actions: { type: 'setBusy', params: ({ event }) => ({ busy: event.busy }) } },
  },
  states: {
    current: {
      on: { 'update.found': 'available' },
    },
    available: {
      on: {
        'update.apply': [{ guard: 'busy', target: 'waitingForPurchase' }, { target: 'applying' }],
      },
    },
    waitingForPurchase: {
      on: {
        'app.busy': [
          {
            guard: { type: 'stillBusy', params: ({ event }) => ({ busy: event.busy }) },
            actions: { type: 'setBusy', params: ({ event }) => ({ busy: event.busy }) },
          },
          { target: 'applying', actions: { type: 'setBusy', params: ({ event }) => ({ busy: event.busy }) } },
        ],
      },
    },
    applying: {
      entry: 'reload',
    },
  },
});
