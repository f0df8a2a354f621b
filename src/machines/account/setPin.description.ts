import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/setPin.ts in docs/machines. */
export default {
  summary:
    '/set-pin: a pin and its confirmation in eight boxes; success signs in (a reset link’s token yields a ' +
    'session) and goes to the dashboard. A reset link is checked first (the boxes take the pin meanwhile): ' +
    'an account that has a pin keeps it.',
  events: {
    'pin.change': 'The eight boxes as typed.',
    'pin.submit': '“Set pin”.',
  },
  guards: {
    allBoxesFilled: 'All eight boxes hold a digit.',
    withResetLink: 'The page was opened with a reset link’s token.',
    pinAlreadySet: 'The link’s account has a pin, which a reset link does not replace.',
  },
  actions: {
    setCode: 'Keeps the boxes as typed.',
    clearCode: 'Empties the boxes.',
    login: 'Signs the session in with the answered user.',
  },
  actors: {
    setPin: 'Sends pin and confirmation (and a reset link’s token) to the server.',
    checkResetLink: 'Asks the server whether the reset link’s account already has a pin.',
  },
  delays: {},
} satisfies MachineDescription;
