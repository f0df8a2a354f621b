import type { MachineDescription } from './machineDescription';

/** The page of src/machines/setPin.ts in docs/machines. */
export default {
  summary: '/set-pin: a pin and its confirmation in eight boxes; success signs in (a reset link’s token yields a session) and goes to the dashboard.',
  events: {
    'pin.change': 'The eight boxes as typed.',
    'pin.submit': '“Set pin”.',
  },
  guards: {
    allBoxesFilled: 'All eight boxes hold a digit.',
  },
  actions: {
    setCode: 'Keeps the boxes as typed.',
    clearCode: 'Empties the boxes.',
    login: 'Signs the session in with the answered user.',
  },
  actors: {
    setPin: 'Sends pin and confirmation (and a reset link’s token) to the server.',
  },
  delays: {},
} satisfies MachineDescription;
