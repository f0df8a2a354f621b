/**
 * The code of the next text bound to this site, read by the browser itself (the WebOTP API:
 * Chrome on Android shows the text and asks the user to let the site read it). Only a browser
 * that has the API loads the part that calls it (smsCode.ts), so no other pays for it. Where
 * there is none, this never settles but by `signal`: the user types the code, or the keyboard
 * offers it (`autocomplete="one-time-code"`).
 */
export async function receiveSmsCode(signal: AbortSignal): Promise<string> {
  if (typeof window === 'undefined' || !('OTPCredential' in window)) {
    return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  }
  const { readSmsCode } = await import('./smsCode');
  return readSmsCode(signal);
}
