import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/changePin.ts in docs/machines. */
export default {
  summary:
    '/pin: old pin, new pin and confirmation in twelve boxes; the server checks the old pin and counts a wrong one.',
  events: {
    'pin.change': 'The twelve boxes as typed.',
    'pin.submit': '“Change pin”.',
  },
  guards: {
    allBoxesFilled: 'All twelve boxes hold a digit.',
    pinRefused: 'The server refused the old pin for the given reason (incorrect, locked, logout).',
  },
  actions: {
    setCode: 'Keeps the boxes as typed.',
    clearCode: 'Empties the boxes: pins are not left on screen.',
    updateSession: 'Merges the user fields the server answered into the session.',
    countWrongPin: 'Hands the server’s wrong-pin count to the session.',
    lockPurchases: 'Tells the session purchases are locked until the pin is reset.',
    logout: 'Logs the session out (the server revoked it after too many wrong pins).',
  },
  actors: {
    changePin: 'Sends old, new and confirmed pin to the server.',
  },
  delays: {},
} satisfies MachineDescription;
