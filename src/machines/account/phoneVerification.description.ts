import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/phoneVerification.ts in docs/machines. */
export default {
  summary:
    '/profile and the dashboard’s one-time prompt: a code texted to the phone on file (at once when the phone was ' +
    'just saved), typed back or read from the text by the browser (WebOTP), verifies the phone.',
  events: {
    'phone.send': '“Send code”, or asking for another once the countdown is over.',
    'phone.otp': 'The code field as typed, pasted or filled in by the keyboard (digits only, at most six).',
    'phone.submit': '“Verify”.',
    'phone.dismiss': 'The prompt’s “Not now”.',
  },
  guards: {
    sendAtOnce: 'The phone was just saved: its code goes without a press of “Send code”.',
    isPrompt: 'The flow is the dashboard’s prompt, which may be put off.',
    otpComplete: 'The code has its six digits.',
    namesWait: 'The server’s refusal names the seconds left before another code.',
  },
  actions: {
    setOtp: 'Keeps the code’s digits, at most six.',
    clearOtp: 'Empties the code after a refusal.',
    waitFully: 'The next countdown starts from the full wait.',
    waitAsTold: 'The next countdown starts from what the server says is left.',
    updateSession: 'Merges the answered user fields (the phone now verified) into the session.',
    rememberDismissed: 'Remembers on this browser that this account put the prompt off.',
  },
  actors: {
    sendPhoneCode: 'Asks the server to text a code to the phone on file.',
    verifyPhone: 'Sends the code to the server.',
    receiveSmsCode: 'Where the browser has the WebOTP API: the code of the next text bound to this site.',
    otpCountdown: 'The countdown before another code may be asked for.',
  },
  delays: {},
} satisfies MachineDescription;
