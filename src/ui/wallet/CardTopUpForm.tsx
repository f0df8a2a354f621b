import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { CardTopUpTerms } from '../../../core/contract';
import { formatNaira } from '../../../core/money';
import { cardTopUpMachine } from '../../machines/wallet/cardTopUp';
import { useFlow } from '../kit/useFlow';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';
import { useT } from '../kit/language';

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
  const t = useT();
  const provider = terms.provider;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'card.submit' });
  };
  return (
    <form className="form card card-topup" noValidate onSubmit={submit} aria-labelledby="card-topup-title">
      <h2 id="card-topup-title" className="section-heading">
        {t(/*i18n*/ { id: 'card.title', message: 'Top up with a card' })}
      </h2>
      <TextField
        label={t(/*i18n*/ { id: 'card.amount', message: 'Amount to add (₦)' })}
        value={amount}
        onValueChange={(value) => actor.send({ type: 'card.change', value })}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t(
          /*i18n*/ { id: 'card.range', message: '{min} to {max}' },
          {
            min: formatNaira(terms.min),
            max: formatNaira(terms.max),
          },
        )}
      />
      {/* Shown before paying, and read out as it changes. */}
      <dl className="card-quote" aria-live="polite">
        <div>
          <dt>{t(/*i18n*/ { id: 'card.toWallet', message: 'To your wallet' })}</dt>
          <dd>{quote ? formatNaira(quote.amount) : '—'}</dd>
        </div>
        <div>
          <dt>{t(/*i18n*/ { id: 'card.fee', message: '{provider} card fee' }, { provider })}</dt>
          <dd>
            {quote
              ? quote.bearer === 'business'
                ? t(/*i18n*/ { id: 'card.fee.ours', message: '{fee}, paid by us' }, { fee: formatNaira(quote.fee) })
                : formatNaira(quote.fee)
              : '—'}
          </dd>
        </div>
        <div className="card-quote-total">
          <dt>{t(/*i18n*/ { id: 'card.charged', message: 'Your card is charged' })}</dt>
          <dd>{quote ? formatNaira(quote.charged) : '—'}</dd>
        </div>
      </dl>
      <SubmitButton busy={busy}>
        {quote
          ? t(
              /*i18n*/ { id: 'card.pay.amount', message: 'Pay {amount} with card' },
              { amount: formatNaira(quote.charged) },
            )
          : t(/*i18n*/ { id: 'card.pay', message: 'Pay with card' })}
      </SubmitButton>
      <p className="hint">
        {t(
          /*i18n*/ {
            id: 'card.hint',
            message: 'You pay on {provider}’s secure page; your card details never reach us.',
          },
          { provider },
        )}
      </p>
    </form>
  );
}
