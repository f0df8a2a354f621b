import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/pinDialog.ts in docs/machines. */
export default {
  summary:
    'The transaction pin dialog of a service screen: four masked boxes; four digits go to the owner, fewer ' +
    'are refused. Where this device holds a passkey, it is offered first and the pin is one tap away.',
  events: {
    'pin.open': 'The owner opens the dialog.',
    'pin.change': 'The four boxes as typed.',
    'pin.submit': '“Continue” in the dialog.',
    'pin.cancel': 'Closes the dialog without a pin.',
    'pin.usePasskey': '“Confirm with passkey”.',
    'pin.usePin': '“Use my pin instead”.',
  },
  guards: {
    pinComplete: 'All four boxes hold a digit.',
    passkeyHere: 'This device holds a passkey and the owner’s call takes one.',
    notUsed: 'The user closed the phone’s prompt.',
  },
  actions: {
    setCode: 'Keeps the boxes as typed.',
    clearCode: 'Empties the boxes.',
    reportAccepted: 'Hands the four digits to the owner (`pin.accepted`).',
    reportCancelled: 'Tells the owner the dialog was cancelled.',
    reportPasskey: 'Hands the passkey’s answer to the owner (`pin.accepted` with the pin empty).',
  },
  actors: {
    confirm: 'Asks the server for a challenge and the phone to sign it with its screen lock.',
  },
  delays: {},
} satisfies MachineDescription;
