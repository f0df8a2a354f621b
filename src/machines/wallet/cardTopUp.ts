import { assign, fromPromise, setup } from 'xstate';
import { cardQuote, type CardQuote, type FeeBearer } from '../../../core/cardFees';
import type { CardTopUpStarted, CardTopUpTerms, Envelope } from '../../../core/contract';
import { formatNaira, koboToNaira, nairaToKobo } from '../../../core/money';
import { fundingMessages } from '../../../core/words/identity';
import { startCardTopUp } from '../../api/wallet/funding';
import { amountInput } from '../../domain/kit/numericInput';
import { validateCardAmount } from '../../domain/wallet/cardAmount';
import { effects, errorMessage, redirectEffect, type FlowEmitted } from '../kit/effects';

export interface CardTopUpInput {
  /** What the server allows now: the partner, who bears its fee, the least and the most. */
  terms: CardTopUpTerms;
}

export interface CardTopUpContext extends CardTopUpInput {
  /** Naira as typed. */
  amount: string;
  /** What paying this amount costs, shown before paying; null until the amount is one. */
  quote: QuoteShown | null;
}

/** A quote in naira, as shown (and as a snapshot serializes: no bigint). */
export interface QuoteShown {
  /** What reaches the wallet. */
  amount: number;
  fee: number;
  /** What the card is charged. */
  charged: number;
  bearer: FeeBearer;
}

export const quoteShown = (quote: CardQuote): QuoteShown => ({
  amount: koboToNaira(quote.amountKobo),
  fee: koboToNaira(quote.feeKobo),
  charged: koboToNaira(quote.chargedKobo),
  bearer: quote.bearer,
});

export type CardTopUpEvent = { type: 'card.change'; value: string } | { type: 'card.submit' };

/** The charge for a typed amount, by the same rule the server charges with (core/cardFees.ts). */
function quoteOf(amount: string, terms: CardTopUpTerms): QuoteShown | null {
  const kobo = nairaToKobo(amount);
  return kobo !== null && kobo > 0n ? quoteShown(cardQuote(kobo, terms.fee_bearer)) : null;
}

/**
 * A card top-up on /funding: the amount is typed and, before anything is paid, the fee and the
 * total the card is charged are shown (who bears the fee is the server's setting). Paying
 * starts the payment on the server (POST /api/card-topups) and sends the customer to the
 * partner's own checkout page — a redirect, never a script of theirs on our page. The way back
 * is the funding flow's: it confirms the payment when the checkout returns the customer.
 */
export const cardTopUpMachine = setup({
  types: {
    context: {} as CardTopUpContext,
    events: {} as CardTopUpEvent,
    input: {} as CardTopUpInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    startTopUp: fromPromise<Envelope<CardTopUpStarted>, string>(({ input, signal }) =>
      startCardTopUp({ amount: input }, signal),
    ),
  },
  actions: {
    ...effects,
    ...redirectEffect,
    change: assign((_, params: { amount: string; terms: CardTopUpTerms }) => ({
      amount: params.amount,
      quote: quoteOf(params.amount, params.terms),
    })),
  },
  guards: {
    amountInvalid: ({ context }) => validateCardAmount(context.amount, context.terms) !== null,
  },
}).createMachine({
  id: 'cardTopUp',
  context: ({ input }) => ({ terms: input.terms, amount: '', quote: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'card.change': {
          actions: {
            type: 'change',
            params: ({ context, event }) => ({ amount: amountInput(event.value), terms: context.terms }),
          },
        },
        'card.submit': [
          {
            guard: 'amountInvalid',
            actions: {
              type: 'toast',
              // validateCardAmount's refusal, in the reader's language.
              params: ({ context }) => ({
                level: 'error',
                message: {
                  words: fundingMessages.cardAmountRange,
                  values: { min: formatNaira(context.terms.min), max: formatNaira(context.terms.max) },
                },
              }),
            },
          },
          { target: 'starting' },
        ],
      },
    },
    starting: {
      tags: 'busy',
      invoke: {
        id: 'startTopUp',
        src: 'startTopUp',
        input: ({ context }) => context.amount,
        onDone: {
          target: 'leaving',
          actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.data!.authorization_url }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    // The page is on its way to the checkout: nothing more happens here.
    leaving: {
      tags: 'busy',
      type: 'final',
    },
  },
});
