import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/totpEnrolment.ts in docs/machines. */
export default {
  summary:
    'Setting up a staff member’s authenticator app: scan the QR code (or type the key), confirm a code, ' +
    'save the ten recovery codes shown once.',
  events: {
    'enrolment.code': 'Typing the code the app shows.',
    'enrolment.submit': '“Confirm”.',
    'enrolment.retry': '“Try again” after the set-up could not start.',
    'enrolment.saved': '“I have saved them”.',
  },
  guards: {
    codeIncomplete: 'The code is not six digits.',
  },
  actions: {
    keepEnrolment: 'Keeps the secret, its URI and QR code to show.',
    setCode: 'Keeps the digits typed, six at most.',
    forgetCode: 'Drops the code.',
    keepRecoveryCodes: 'Keeps the recovery codes to show, and drops the secret.',
    forgetRecoveryCodes: 'Drops the recovery codes once saved.',
  },
  actors: {
    startEnrolment: 'Asks the server for a new secret.',
    confirmEnrolment: 'Sends a code from the new secret; answers the recovery codes and signs the session in.',
  },
  delays: {},
} satisfies MachineDescription;
