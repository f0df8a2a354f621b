import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/console/staffSignIn.ts in docs/machines. */
export default {
  summary:
    'The operator console’s sign-in: password, then a passkey, the authenticator code or a recovery code; an ' +
    'invitation chooses the password and the first sign-in enrols the app.',
  events: {
    'signIn.change': 'Typing the e-mail, a password, its repetition or the code.',
    'signIn.submit': '“Continue”, “Set password” or “Sign in”.',
    'signIn.restart': '“Use another account”: back to the password.',
    'signIn.passkey': '“Use my passkey” in place of the code.',
  },
  guards: {
    invited: 'The page was opened from an invitation link.',
    credentialsMissing: 'The e-mail or the password is empty.',
    passwordsDiffer: 'The new password is empty or its repetition differs.',
    codeMissing: 'The code is neither six digits nor a recovery code.',
    needsEnrolment: 'The account has no authenticator app yet.',
    sessionEnded: 'The server ended the half-open session (too many wrong codes, or too slow).',
  },
  actions: {
    change: 'Keeps what was typed in the field.',
    forgetPasswords: 'Drops the passwords once the server has them.',
    forgetCode: 'Drops the code: each one is good once.',
  },
  actors: {
    signIn: 'Sends the e-mail and password; the tab keeps the half-open session.',
    acceptInvitation: 'Sends the invitation and the new password.',
    submitCode: 'Sends the second factor; the session becomes signed in.',
    enrolment: 'The totpEnrolment machine: sets up the authenticator app.',
    usePasskey: 'Asks the server for a challenge and the phone to sign it; the session becomes signed in.',
  },
  delays: {},
} satisfies MachineDescription;
