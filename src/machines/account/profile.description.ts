import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/profile.ts in docs/machines. */
export default {
  summary:
    '/profile: name, phone, NIN and BVN (a new one with the date of birth on its record); ' +
    'saved numbers stay masked and an empty field keeps the one on file.',
  events: {
    'profile.change': 'Typing in a field (phone, NIN and BVN keep digits only).',
    'profile.submit': '“Save”.',
  },
  guards: {
    formInvalid: 'The form breaks a rule (validateProfile).',
  },
  actions: {
    change: 'Keeps what was typed, filtered for the field.',
    keepSaved:
      'Puts the saved NIN and BVN behind their mask; forgets the date of birth once no number is left to prove.',
    updateSession: 'Merges the answered user fields into the session.',
  },
  actors: {
    updateProfile: 'Sends the profile to the server.',
  },
  delays: {},
} satisfies MachineDescription;
