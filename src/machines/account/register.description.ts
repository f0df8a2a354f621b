import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/register.ts in docs/machines. */
export default {
  summary: '/register: validate, pass the bot check, create the account, log in and go to verify-email.',
  events: {
    'register.change': 'Typing in a field (the phone keeps digits only).',
    'register.terms': 'Ticking or unticking the terms.',
    'register.submit': '“Create account”.',
  },
  guards: {
    formInvalid: 'The form breaks a rule (validateRegister).',
  },
  actions: {
    change: 'Keeps what was typed in the field.',
    setTerms: 'Keeps whether the terms are accepted.',
    keepCaptchaToken: 'Keeps the bot check’s token for the request.',
    dropCaptchaToken: 'Forgets the token: it verifies one request.',
    logIn: 'Signs the session in with the answered user.',
  },
  actors: {
    getCaptchaToken: 'Solves the bot check for the register action.',
    register: 'Sends the new account to the server.',
  },
  delays: {},
} satisfies MachineDescription;
