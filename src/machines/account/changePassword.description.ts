import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/changePassword.ts in docs/machines. */
export default {
  summary: '/password: current, new and confirmed password; validate, change, empty the form.',
  events: {
    'password.change': 'Typing in one of the three password fields.',
    'password.submit': '“Change password”.',
  },
  guards: {
    formInvalid: 'The form breaks a rule (validateChangePassword).',
  },
  actions: {
    change: 'Keeps what was typed in the field.',
    clearForm: 'Empties the three fields once the change succeeded.',
  },
  actors: {
    changePassword: 'Sends the change to the server.',
  },
  delays: {},
} satisfies MachineDescription;
