import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/login.ts in docs/machines. */
export default {
  summary:
    '/login: validate, log in (with the bot check after repeated failures), land on verify-email, set-pin ' +
    'or the dashboard.',
  events: {
    'login.change': 'Typing the e-mail or the password.',
    'login.submit': '“Log in”.',
  },
  guards: {
    formInvalid: 'The form breaks a rule (validateLogin).',
    captchaAsked: 'The server wants the bot check and this attempt had no token yet.',
  },
  actions: {
    change: 'Keeps what was typed in the field.',
    keepCaptchaToken: 'Keeps the bot check’s token for the next attempt.',
    dropCaptchaToken: 'Forgets the token: it verifies one request.',
    logIn: 'Signs the session in with the answered user.',
  },
  actors: {
    getCaptchaToken: 'Solves the bot check for the login action.',
    login: 'Sends e-mail and password to the server.',
  },
  delays: {},
} satisfies MachineDescription;
