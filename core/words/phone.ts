// The words of a phone's verification, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.
import type { Words } from '../i18n/words';

/** Verifying the phone with a texted code (/profile, the dashboard's prompt, and the server's answers). */
export const phoneMessages = {
  codeSent: /*i18n*/ { id: 'account.done.phoneCodeSent', message: 'we have texted a code to your phone' },
  verified: /*i18n*/ {
    id: 'account.done.phoneVerified',
    message: 'your phone number is verified: we will text you the outcome of every payment',
  },
  codeRequired: /*i18n*/ { id: 'account.phone.codeRequired', message: 'please enter the code we texted to your phone' },
  alreadyVerified: /*i18n*/ { id: 'account.phone.alreadyVerified', message: 'your phone number is already verified' },
} satisfies Record<string, Words>;
