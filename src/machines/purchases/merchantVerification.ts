import { assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import type { Envelope, MerchantDetails, VerifyMerchantRequest } from '../../../core/contract';
import { verifyMerchant } from '../../api/purchases/purchases';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface MerchantVerificationInput {
  /** The purchase flow: it hears `merchant.verified` or `merchant.failed`. */
  owner: AnyActorRef;
}

export interface MerchantVerificationContext extends MerchantVerificationInput {
  /** The holder's name, with the address (electricity) or username (betting); null until verified. */
  details: MerchantDetails | null;
  /** The number last sent for verification: the one the details belong to. */
  beneficiary: string;
}

export type MerchantVerificationEvent =
  { type: 'merchant.verify'; request: VerifyMerchantRequest } | { type: 'merchant.reset' };

/** What the verification tells its owner: the holder, and the number verified (the form may have moved on since). */
export type MerchantVerificationReport =
  { type: 'merchant.verified'; details: MerchantDetails; beneficiary: string } | { type: 'merchant.failed' };

/**
 * 'Verify Merchant' on electricity, betting and cable: unverified (the button
 * shows) → verifying → verified (the holder's details show and Continue takes the button's
 * place), or the server's message in an error toast and unverified again. Changing the form's
 * fields does not undo a verification (as the product was specified; the server verifies the
 * number again at purchase time); only the owner resets it, after a purchase.
 * The report names the number verified, so the owner can show whose details these are.
 */
export const merchantVerificationMachine = setup({
  types: {
    context: {} as MerchantVerificationContext,
    events: {} as MerchantVerificationEvent,
    input: {} as MerchantVerificationInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    verifyMerchant: fromPromise<Envelope<MerchantDetails>, VerifyMerchantRequest>(({ input, signal }) =>
      verifyMerchant(input, signal),
    ),
  },
  actions: {
    ...effects,
    noteNumber: assign({ beneficiary: (_, params: { request: VerifyMerchantRequest }) => params.request.beneficiary }),
    keepDetails: assign({ details: (_, params: { details: MerchantDetails }) => params.details }),
    forget: assign({ details: null, beneficiary: '' }),
    reportVerified: sendTo(
      ({ context }) => context.owner,
      ({ context }, params: { details: MerchantDetails }): MerchantVerificationReport => ({
        type: 'merchant.verified',
        details: params.details,
        beneficiary: context.beneficiary,
      }),
    ),
    reportFailed: sendTo(({ context }) => context.owner, {
      type: 'merchant.failed',
    } satisfies MerchantVerificationReport),
  },
}).createMachine({
  id: 'merchantVerification',
  context: ({ input }) => ({ owner: input.owner, details: null, beneficiary: '' }),
  initial: 'unverified',
  states: {
    unverified: {
      on: {
        'merchant.verify': {
          target: 'verifying',
          actions: { type: 'noteNumber', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    verifying: {
      tags: 'busy',
      invoke: {
        id: 'verify',
        src: 'verifyMerchant',
        input: ({ event }) => (event as Extract<MerchantVerificationEvent, { type: 'merchant.verify' }>).request,
        onDone: {
          target: 'verified',
          actions: [
            { type: 'keepDetails', params: ({ event }) => ({ details: event.output.data ?? { name: '' } }) },
            { type: 'reportVerified', params: ({ event }) => ({ details: event.output.data ?? { name: '' } }) },
          ],
        },
        onError: {
          target: 'unverified',
          actions: [
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            'forget',
            'reportFailed',
          ],
        },
      },
    },
    verified: {
      on: { 'merchant.reset': { target: 'unverified', actions: 'forget' } },
    },
  },
});
