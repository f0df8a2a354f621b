import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/pinDialog.ts in docs/machines. */
export default {
  summary:
    'The transaction pin dialog of a service screen: four masked boxes; four digits go to the owner, fewer ' +
    'are refused.',
  events: {
    'pin.open': 'The owner opens the dialog.',
    'pin.change': 'The four boxes as typed.',
    'pin.submit': '“Continue” in the dialog.',
    'pin.cancel': 'Closes the dialog without a pin.',
  },
  guards: {
    pinComplete: 'All four boxes hold a digit.',
  },
  actions: {
    setCode: 'Keeps the boxes as typed.',
    clearCode: 'Empties the boxes.',
    reportAccepted: 'Hands the four digits to the owner (`pin.accepted`).',
    reportCancelled: 'Tells the owner the dialog was cancelled.',
  },
  actors: {},
  delays: {},
} satisfies MachineDescription;
