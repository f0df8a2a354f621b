import type { Words } from './i18n/words';

/**
 * Labels and titles the product spells out exactly, each an export of its own, read as
 * `labels.name` through `import * as labels`: the build keeps only the labels some screen shows,
 * and the module goes whole into the chunk the first pages download.
 */
export const resetPassword: Words = /*i18n*/ { id: 'label.resetPassword', message: 'Reset password' };
export const fundWallet: Words = /*i18n*/ { id: 'wallet.fund', message: 'Fund Wallet' };
export const transactionPin: Words = /*i18n*/ { id: 'pinDialog.title', message: 'Transaction pin' };
export const verifyMerchant: Words = /*i18n*/ { id: 'buy.verify', message: 'Verify Merchant' };
export const markAsRead: Words = /*i18n*/ { id: 'label.markAsRead', message: 'Mark as read' };
export const iAmHuman: Words = /*i18n*/ { id: 'label.iAmHuman', message: 'I am human' };
export const copyNumber: Words = /*i18n*/ { id: 'funding.copy', message: 'Copy number' };
export const download: Words = /*i18n*/ { id: 'label.download', message: 'Download' };
export const prepaid: Words = /*i18n*/ { id: 'buy.prepaid', message: 'Prepaid' };
export const postpaid: Words = /*i18n*/ { id: 'buy.postpaid', message: 'Postpaid' };

/** Service titles (the screens' headings, core/services.ts), kept as the product named them. */
export const bettingTitle: Words = /*i18n*/ { id: 'buy.betting.title', message: 'Bettig Account Top-up' };
export const educationTitle: Words = /*i18n*/ { id: 'buy.education.title', message: 'Jamb/Waec Pins' };
