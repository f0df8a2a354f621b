import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/forgotPassword.ts in docs/machines. */
export default {
  summary: '/forgot: validate the e-mail, pass the bot check, ask for the reset link, offer to send it again.',
  events: {
    'forgot.change': 'Typing the e-mail.',
    'forgot.submit': '“Send reset link”.',
    'forgot.resend': '“Send again” once a link went out.',
    'forgot.edit': 'Back to the form to change the e-mail.',
  },
  guards: {
    formInvalid: 'The e-mail breaks a rule (validateForgot).',
  },
  actions: {
    change: 'Keeps what was typed.',
    keepCaptchaToken: 'Keeps the bot check’s token for the next request.',
    dropCaptchaToken: 'Forgets the token: it verifies one request.',
    rememberRecipient: 'Notes where the link went, for the “check your e-mail” panel.',
    forgetRecipient: 'Forgets the recipient on return to the form.',
  },
  actors: {
    getCaptchaToken: 'Solves the bot check (Turnstile) for the forgot action.',
    forgot: 'Asks the server to e-mail a reset link.',
  },
  delays: {},
} satisfies MachineDescription;
