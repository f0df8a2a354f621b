import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/app/connectivity.ts in docs/machines. */
export default {
  summary:
    'Whether the app can reach the server: offline, screens show what was last known and disable what ' +
    'needs the server; back online, the session polls at once.',
  events: {
    'network.offline': 'The browser lost its network.',
    'network.online': 'The network is back.',
  },
  guards: {},
  actions: {
    pollNow: 'Asks the session to poll now rather than at its next interval.',
  },
  actors: {
    watchNetwork: "Hears the browser's online and offline events (and its state when started).",
  },
  delays: {},
} satisfies MachineDescription;
