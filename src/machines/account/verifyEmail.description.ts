import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/verifyEmail.ts in docs/machines. */
export default {
  summary:
    '/verify-email: a code is sent on opening and again after the countdown; the 4-digit code is checked ' +
    'and the user signs in again.',
  events: {
    'verify.resend': '“Resend code” once the countdown is over.',
    'verify.change': 'The code boxes as typed.',
    'verify.submit': '“Verify”.',
  },
  guards: {
    codeComplete: 'All four boxes hold a digit.',
    namesWait: 'The server’s refusal names the seconds left before another code.',
  },
  actions: {
    setCode: 'Keeps the boxes as typed.',
    clearCode: 'Empties the boxes after a refusal.',
    waitFully: 'The next countdown starts from the full wait.',
    waitAsTold: 'The next countdown starts from what the server says is left.',
    logout: 'Logs the session out: a verified user signs in again.',
  },
  actors: {
    resendOtp: 'Asks the server to e-mail a code.',
    verifyOtp: 'Sends the code to the server.',
    otpCountdown: 'The countdown before another code may be asked for.',
  },
  delays: {},
} satisfies MachineDescription;
