import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/app/appUpdate.ts in docs/machines. */
export default {
  summary:
    'A new version of the app, installed by the service worker: announced ("Update available — reload"), ' +
    'applied only when the user asks, and never during a payment.',
  events: {
    'update.found': 'The service worker installed a new version, waiting to take over.',
    'update.apply': 'The user pressed Reload on the notice.',
    'app.busy': 'A payment started (its answer awaited) or ended.',
  },
  guards: {
    busy: 'A payment awaits its answer.',
    stillBusy: 'The payment still awaits its answer.',
  },
  actions: {
    setBusy: 'Keeps whether a payment awaits its answer.',
    reload: 'Emits `reload`: the waiting worker takes over and the page reloads.',
  },
  actors: {},
  delays: {},
} satisfies MachineDescription;
