import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import type { CardPayment, FundingStatus, PartnerFunding, VirtualAccount } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { formatNaira } from '../../../core/money';
import { identityMessages } from '../../../core/words/identity';
import { formatDateTime } from '../../domain/kit/dateTime';
import type { IdentityForm as Form } from '../../domain/kit/identityForms';
import { fundingMachine, type CheckoutReturn } from '../../machines/wallet/funding';
import { useRestored, useSession } from '../app/SessionContext';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useFlow, useSliceInTransition } from '../kit/useFlow';
import { useT } from '../kit/language';
import { CardTopUpForm } from './CardTopUpForm';
import { CopyButton } from '../kit/CopyButton';
import { FontOf, FontsOf } from '../kit/FontOf';
import { IdentityForm } from '../account/IdentityForm';
import { LoadFailed } from '../kit/LoadFailed';
import { Icon, type IconProps } from '../kit/icons';
import './wallet.css';
import * as labels from '../../../core/labels';

/** The reference the card checkout sends the customer back with (`?trxref=&reference=`, or our cancel URL's). */
function checkoutReturn(params: URLSearchParams): CheckoutReturn | null {
  const reference = params.get('reference') ?? params.get('trxref');
  return reference && /^[A-Za-z0-9-]{8,64}$/.test(reference)
    ? { reference, cancelled: params.get('cancelled') === '1' }
    : null;
}

const CARD_STATUS: Record<CardPayment['status'], { text: Words; colour: string }> = {
  success: { text: /*i18n*/ { id: 'funding.status.success', message: 'Successful' }, colour: 'green' },
  pending: { text: /*i18n*/ { id: 'funding.status.pending', message: 'Not confirmed yet' }, colour: 'yellow' },
  abandoned: { text: /*i18n*/ { id: 'funding.status.abandoned', message: 'Cancelled' }, colour: 'gray' },
  failed: { text: /*i18n*/ { id: 'funding.status.failed', message: 'Failed' }, colour: 'orange' },
  disputed: { text: /*i18n*/ { id: 'funding.status.disputed', message: 'Under review' }, colour: 'orange' },
};

/** Where the user stands and what they can do: identity first, then the accounts and card top-ups. */
function FundingBody() {
  const session = useSession();
  const [params] = useSearchParams();
  const actor = useFlow(fundingMachine, {
    session,
    accounts: session.getSnapshot().context.user.accounts,
    returned: checkoutReturn(params),
  });
  // What an answer brings is drawn in a transition, in slices; what a tap changes, at once.
  const funding = useSliceInTransition(actor, (s) => s.context.funding);
  const accounts = useSliceInTransition(actor, (s) => s.context.accounts);
  const form = useSelector(actor, (s) => s.context.form);
  const failed = useSliceInTransition(actor, (s) => s.matches('failed'));
  const verifying = useSelector(actor, (s) => s.hasTag('busy'));
  const change = (field: keyof Form, value: string) => actor.send({ type: 'funding.change', field, value });
  const submit = () => actor.send({ type: 'funding.submit' });
  const t = useT();

  // Nothing lies below the placeholders while they show: what comes, and the help after it,
  // then takes its place without moving anything on screen.
  const loading = !funding && !failed;
  let body;
  if (loading) {
    body = null;
  } else if (!funding) {
    body = (
      <LoadFailed
        icon={<BankIcon size={28} />}
        title={t(/*i18n*/ { id: 'funding.failed', message: 'We could not load your funding details' })}
        onRetry={() => actor.send({ type: 'funding.retry' })}
      >
        {t(/*i18n*/ { id: 'funding.failed.what', message: 'Check your connection, then try again.' })}
      </LoadFailed>
    );
  } else if (!isVerified(funding)) {
    body = (
      <section className="identity-first" aria-labelledby="identity-first-title">
        <h2 id="identity-first-title" className="section-heading">
          {t(/*i18n*/ { id: 'funding.verify.title', message: 'Verify your identity to fund your wallet' })}
        </h2>
        <p className="identity-first-why">{t(identityMessages.identityRequired)}</p>
        <IdentityForm
          form={form}
          busy={verifying}
          askBankAccount={needsBankAccount(funding)}
          verified={funding.identity}
          onChange={change}
          onSubmit={submit}
          submitLabel={t(/*i18n*/ { id: 'funding.verify', message: 'Verify' })}
        />
      </section>
    );
  } else {
    body = <Funded funding={funding} form={form} busy={verifying} onChange={change} onSubmit={submit} />;
  }
  // The stored user's account numbers, shown while the answer comes, stay in the same list as it
  // arrives: the list is filled in place, not built again beside the rest of the answer (a long
  // piece of work on a slow phone).
  const listed = loading ? accounts : funding && isVerified(funding) ? funding.accounts : [];
  return (
    <>
      {(loading || listed.length > 0) && <AccountList accounts={listed} loading={loading} />}
      {body}
      {!loading && <FundingHelp />}
    </>
  );
}

const isVerified = (funding: FundingStatus) => Boolean(funding.identity.bvn || funding.identity.nin);

/** How funding works, below what the user holds. */
function FundingHelp() {
  const t = useT();
  return (
    <section className="funding-help" aria-labelledby="funding-help-title">
      <h2 id="funding-help-title" className="section-heading">
        {t(/*i18n*/ { id: 'funding.how', message: 'How it works' })}
      </h2>
      <ol className="funding-steps">
        <li>
          {t(
            /*i18n*/ {
              id: 'funding.how.1',
              message: 'Verify your BVN or NIN once: the CBN requires it before a wallet can be funded.',
            },
          )}
        </li>
        <li>
          {t(
            /*i18n*/ {
              id: 'funding.how.2',
              message: 'Copy one of your account numbers and send money to it from any Nigerian bank.',
            },
          )}
        </li>
        <li>
          {t(
            /*i18n*/ {
              id: 'funding.how.3',
              message: 'Your balance goes up within minutes, and a notification tells you it arrived.',
            },
          )}
        </li>
      </ol>
    </section>
  );
}

const BankIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 9.5 12 4l9 5.5" />
    <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8" />
    <path d="M3 20h18" />
  </Icon>
);

/** /funding: identity first, then the user's own account numbers and card top-ups. */
export default function FundingScreen() {
  const t = useT();
  useDocumentTitle(t(/*i18n*/ { id: 'menu.fund', message: 'Fund wallet' }));
  // What the user holds is read once the prerendered first frame is hydrated; until then the
  // account numbers' places are shown, of the cards' size.
  const restored = useRestored();
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{t(/*i18n*/ { id: 'funding.title', message: 'Fund your wallet' })}</h1>
        <p className="page-subtitle">
          {t(
            /*i18n*/ {
              id: 'funding.sub',
              message:
                'Transfer any amount from your bank app or USSD to an account number of your own, or top up with a card, once your BVN or NIN is verified.',
            },
          )}
        </p>
      </header>
      {restored ? <FundingBody /> : <AccountList accounts={[]} loading />}
    </div>
  );
}

const needsBankAccount = (funding: FundingStatus) =>
  funding.partners.some((partner) => partner.needs.includes('bank_account') && partner.status !== 'ready');

interface FundedProps {
  funding: FundingStatus;
  form: Form;
  busy: boolean;
  onChange: (field: keyof Form, value: string) => void;
  onSubmit: () => void;
}

/**
 * A verified user, below their account numbers (FundingBody draws those): where there are none
 * yet, a word on where they will be; each partner that is not ready and why; card top-ups.
 */
function Funded({ funding, form, busy, onChange, onSubmit }: FundedProps) {
  const waiting = funding.partners.filter((partner) => partner.status !== 'ready');
  const canAct = waiting.some((partner) => partner.status !== 'creating');
  const t = useT();
  return (
    <>
      {funding.accounts.length === 0 && (
        <p className="hint">{t(/*i18n*/ { id: 'funding.none', message: 'Your account numbers will show here.' })}</p>
      )}
      {waiting.length > 0 && (
        <ul
          className="partner-list"
          aria-label={t(/*i18n*/ { id: 'funding.waiting', message: 'Account numbers on the way' })}
        >
          {waiting.map((partner) => (
            <PartnerLine key={partner.partner} partner={partner} />
          ))}
        </ul>
      )}
      {canAct && (
        <section aria-labelledby="identity-again-title">
          <h2 id="identity-again-title" className="section-heading">
            {t(/*i18n*/ { id: 'funding.again', message: 'Get your other account numbers' })}
          </h2>
          <IdentityForm
            form={form}
            busy={busy}
            askBankAccount={needsBankAccount(funding)}
            verified={funding.identity}
            onChange={onChange}
            onSubmit={onSubmit}
            submitLabel={t(/*i18n*/ { id: 'funding.again.send', message: 'Send to the banks' })}
          />
        </section>
      )}
      {funding.card && <CardTopUpForm terms={funding.card} />}
      {funding.card_payments.length > 0 && <CardPayments payments={funding.card_payments} />}
    </>
  );
}

function PartnerLine({ partner }: { partner: PartnerFunding }) {
  return (
    <li className="partner-line" data-status={partner.status}>
      <span className="partner-name">
        {partner.status === 'creating' && <span className="spinner" aria-hidden="true" />}
        {partner.partner}
      </span>
      <span className="partner-message" role={partner.status === 'creating' ? 'status' : undefined}>
        {partner.message}
      </span>
    </li>
  );
}

/**
 * The user's account numbers, or their places while none is known: the first place holds a blank
 * in each font the answer brings (FontOf), its cards' and the card top-up's, so the frame that
 * draws the answer does not set them up.
 */
function AccountList({ accounts, loading = false }: { accounts: VirtualAccount[]; loading?: boolean }) {
  const t = useT();
  if (loading && accounts.length === 0) {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t(/*i18n*/ { id: 'funding.loading', message: 'Loading your account numbers…' })}
        </p>
        <ul className="account-list skeleton-group" aria-hidden="true">
          {[0, 1].map((index) => (
            <li key={index} className="account-card account-skeleton">
              <span className="skeleton skeleton-line skeleton-short">
                {index === 0 && <FontOf className="account-bank" />}
              </span>
              <span className="skeleton skeleton-line skeleton-number">
                {index === 0 && <FontsOf classNames={['account-number mono', 'account-name']} />}
              </span>
              <span className="skeleton skeleton-button">
                {index === 0 && <FontsOf classNames={['btn btn-small', 'card-quote-total']} />}
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <ul className="account-list" aria-label={t(/*i18n*/ { id: 'funding.accounts', message: 'Your account numbers' })}>
      {accounts.map((account) => (
        <li key={`${account.bank_name}-${account.account_number}`} className="account-card">
          <span className="account-bank">
            <BankIcon size={20} />
            {account.bank_name}
          </span>
          <span className="account-number mono">{account.account_number}</span>
          {account.account_name && <span className="account-name">{account.account_name}</span>}
          <CopyButton
            text={account.account_number}
            label={t(labels.copyNumber)}
            detail={t(/*i18n*/ { id: 'funding.copy.for', message: 'for {bank}' }, { bank: account.bank_name })}
          />
        </li>
      ))}
    </ul>
  );
}

function CardPayments({ payments }: { payments: CardPayment[] }) {
  const t = useT();
  return (
    <section aria-labelledby="card-payments-title">
      <h2 id="card-payments-title" className="section-heading">
        {t(/*i18n*/ { id: 'funding.cards', message: 'Card top-ups' })}
      </h2>
      <ul className="card-payments" aria-labelledby="card-payments-title">
        {payments.map((payment) => (
          <li key={payment.reference} className="card-payment">
            <span className="card-payment-amount">{formatNaira(payment.amount)}</span>
            <span className="status" data-colour={CARD_STATUS[payment.status].colour}>
              {t(CARD_STATUS[payment.status].text)}
            </span>
            <span className="card-payment-meta mono">
              {formatDateTime(payment.created_at)} · {payment.reference}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
