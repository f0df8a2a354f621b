/** What became of a copy; the flow turns each into its fixed message (core/messages.ts). */
export type CopyOutcome = 'copied' | 'failed' | 'unsupported';

/**
 * Puts text on the system clipboard. Never rejects: a browser without the Clipboard API
 * (an old WebView, a page not served over HTTPS) answers 'unsupported', a refusal 'failed'.
 */
export async function copyText(text: string): Promise<CopyOutcome> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard?.writeText) return 'unsupported';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
