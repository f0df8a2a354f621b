import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/humanCheck.ts in docs/machines. */
export default {
  summary: '/iamhuman: solves the bot check and hands its token to the mobile app embedding the page.',
  events: {
    'human.confirm': '“I am human”.',
  },
  guards: {},
  actions: {
    keepToken: 'Keeps the solved token until it is delivered.',
    forgetToken: 'Forgets the token once delivered or lost.',
  },
  actors: {
    getCaptchaToken: 'Solves the bot check for the action the app named.',
    postTokenToHost: 'Posts the token to the embedding app.',
  },
  delays: {},
} satisfies MachineDescription;
