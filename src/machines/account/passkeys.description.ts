import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/account/passkeys.ts in docs/machines. */
export default {
  summary:
    "/profile's passkeys: the list, adding one (password, name, then the phone's screen lock), renaming and " +
    'removing.',
  events: {
    'passkeys.add': '“Add a passkey”: the password and name fields open.',
    'passkeys.change': 'Typing the password or the name.',
    'passkeys.submit': '“Create passkey”.',
    'passkeys.cancel': 'Closes the fields without a passkey made.',
    'passkeys.rename': 'A passkey’s new name, saved.',
    'passkeys.remove': 'A removal, confirmed in its dialog.',
    'passkeys.reload': '“Try again” after the list failed to load.',
  },
  guards: {
    noPassword: 'The password field is empty.',
    noName: 'The name field is blank.',
    notUsed: 'The user closed the phone’s prompt: no passkey was made.',
    blankName: 'The new name is blank.',
  },
  actions: {
    keepList: 'Keeps the list the server answered.',
    change: 'Keeps what was typed in the field.',
    clearForm: 'Empties the password and the name.',
    forgetPassword: 'Empties the password: it is typed again for the next try.',
    keepAdded: 'Adds the new passkey to the list.',
    keepRenamed: 'Puts the renamed passkey in its place.',
    select: 'Remembers which passkey is being removed.',
    dropRemoved: 'Takes the removed passkey off the list.',
    unselect: 'Forgets the passkey whose removal failed.',
  },
  actors: {
    list: 'Reads the account’s passkeys.',
    add: 'Checks the password, asks the phone to make a passkey, and stores it.',
    rename: 'Saves a passkey’s new name.',
    remove: 'Removes a passkey (the server e-mails the owner).',
  },
  delays: {},
} satisfies MachineDescription;
