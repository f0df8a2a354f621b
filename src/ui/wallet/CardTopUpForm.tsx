import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { CardTopUpTerms } from '../../../core/contract';
import { formatNaira } from '../../../core/money';
import { cardTopUpMachine } from '../../machines/wallet/cardTopUp';
import { useFlow } from '../kit/useFlow';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';

/**
 * Top up by card: the amount, then — before anything is paid — what reaches the wallet, the
 * card partner's fee and who pays it, and what the card is charged. Paying leaves for the
 * partner's own checkout page and comes back to /funding.
 */
export function CardTopUpForm({ terms }: { terms: CardTopUpTerms }) {
  const actor = useFlow(cardTopUpMachine, { terms });
  const amount = useSelector(actor, (s) => s.context.amount);
  const quote = useSelector(actor, (s) => s.context.quote);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'card.submit' });
  };
  return (
    <form className="form card card-topup" noValidate onSubmit={submit} aria-labelledby="card-topup-title">
      <h2 id="card-topup-title" className="section-heading">
        Top up with a card
      </h2>
      <TextField
        label="Amount to add (₦)"
        value={amount}
        onValueChange={(value) => actor.send({ type: 'card.change', value })}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${formatNaira(terms.min)} to ${formatNaira(terms.max)}`}
      />
      {/* Shown before paying, and read out as it changes. */}
      <dl className="card-quote" aria-live="polite">
        <div>
          <dt>To your wallet</dt>
          <dd>{quote ? formatNaira(quote.amount) : '—'}</dd>
        </div>
        <div>
          <dt>{terms.provider} card fee</dt>
          <dd>
            {quote
              ? quote.bearer === 'business'
                ? `${formatNaira(quote.fee)}, paid by us`
                : formatNaira(quote.fee)
              : '—'}
          </dd>
        </div>
        <div className="card-quote-total">
          <dt>Your card is charged</dt>
          <dd>{quote ? formatNaira(quote.charged) : '—'}</dd>
        </div>
      </dl>
      <SubmitButton busy={busy}>{quote ? `Pay ${formatNaira(quote.charged)} with card` : 'Pay with card'}</SubmitButton>
      <p className="hint">You pay on {terms.provider}’s secure page; your card details never reach us.</p>
    </form>
  );
}
