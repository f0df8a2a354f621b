// The words of a phone's verification, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.

/** Verifying the phone with a texted code (/profile, the dashboard's prompt, and the server's answers). */
export const phoneMessages = {
  codeSent: 'we have texted a code to your phone',
  verified: 'your phone number is verified: we will text you the outcome of every payment',
  codeRequired: 'please enter the code we texted to your phone',
  alreadyVerified: 'your phone number is already verified',
} as const;
