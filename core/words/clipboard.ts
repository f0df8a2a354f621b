import type { Words } from '../i18n/words';

// The copy button's outcomes, as the product was specified with them (typos and all), in a module of
// their own rather than core/messages.ts: only the screens with a copy button (/funding, a
// transaction's details) download them, where core/messages.ts goes with every first page.

export const copied: Words = /*i18n*/ { id: 'copy.done', message: 'Copied to clipboard successfully!' };
export const copyFailed: Words = /*i18n*/ { id: 'copy.failed', message: 'Failed to copy' };
export const noClipboard: Words = /*i18n*/ { id: 'copy.noClipboard', message: 'Navigator not initialized' };
