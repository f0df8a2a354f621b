/** What navigator.credentials.get answers for an `otp` request (the WebOTP API's OTPCredential). */
interface OtpCredential {
  code: string;
}

/**
 * Waits for a text whose last line is `@<this host> #<code>` and answers its code, once the user
 * allows it; rejects when they refuse, or when `signal` aborts (the screen closed, the code typed).
 */
export async function readSmsCode(signal: AbortSignal): Promise<string> {
  const options = { otp: { transport: ['sms'] }, signal } as CredentialRequestOptions;
  const credential = (await navigator.credentials.get(options)) as OtpCredential | null;
  if (!credential?.code) throw new Error('no code was read from the text');
  return credential.code;
}
