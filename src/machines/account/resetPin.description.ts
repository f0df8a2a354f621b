import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/resetPin.ts in docs/machines. */
export default {
  summary:
    '/reset-pin (“Forgot pin?”): a code by e-mail, then the code, the password and a new pin reset the pin ' +
    'and lift a lock.',
  events: {
    'resetPin.send': '“Send code”, or asking for another once the countdown is over.',
    'resetPin.otp': 'The code boxes as typed.',
    'resetPin.password': 'The account password as typed.',
    'resetPin.pins': 'The new pin and confirmation boxes as typed.',
    'resetPin.submit': '“Reset pin”.',
  },
  guards: {
    formComplete: 'Code, password and both pins are complete (validateResetPin).',
    namesWait: 'The server’s refusal names the seconds left before another code.',
  },
  actions: {
    setOtp: 'Keeps the code boxes.',
    setPassword: 'Keeps the password.',
    setPins: 'Keeps the pin boxes.',
    clearCodes: 'Empties code and pins after a refusal; the password stays.',
    waitFully: 'The next countdown starts from the full wait.',
    waitAsTold: 'The next countdown starts from what the server says is left.',
    unlockSession: 'Tells the session the count is cleared and the lock lifted.',
  },
  actors: {
    forgotPin: 'Asks the server to e-mail a pin reset code.',
    resetPin: 'Sends code, password and new pin to the server.',
    otpCountdown: 'The countdown before another code may be asked for.',
  },
  delays: {},
} satisfies MachineDescription;
