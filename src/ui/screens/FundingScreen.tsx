import { useSelector } from '@xstate/react';
import { labels } from '../../../core/messages';
import { fundingMachine } from '../../machines/funding';
import { useRestored, useSession } from '../app/SessionContext';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { useFlow } from '../app/useFlow';
import { CopyButton } from '../components/CopyButton';
import { EmptyState } from '../components/EmptyState';
import { BankIcon } from '../components/walletIcons';
import '../styles/wallet.css';

/** The account numbers' places while they are not known yet. */
function AccountsLoading() {
  return (
    <>
      <p className="visually-hidden" role="status">
        Setting up your account numbers…
      </p>
      <ul className="account-list" aria-hidden="true">
        {[0, 1].map((index) => (
          <li key={index} className="account-card account-skeleton">
            <span className="skeleton skeleton-line skeleton-short" />
            <span className="skeleton skeleton-line skeleton-number" />
            <span className="skeleton skeleton-button" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The user's accounts: the stored ones, or asked of the server when there are none yet. */
function Accounts() {
  const session = useSession();
  const actor = useFlow(fundingMachine, { session, accounts: session.getSnapshot().context.user.accounts });
  const accounts = useSelector(actor, (s) => s.context.accounts);
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const failed = useSelector(actor, (s) => s.matches('failed'));

  let body;
  if (failed) {
    body = (
      <EmptyState
        icon={<BankIcon size={28} />}
        title="Your account numbers are not ready"
        action={
          <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'funding.retry' })}>
            Try again
          </button>
        }
      >
        We could not set up your account numbers just now. Check your connection, then try again.
      </EmptyState>
    );
  } else if (!ready) {
    body = <AccountsLoading />;
  } else {
    body = (
      <ul className="account-list" aria-label="Your account numbers">
        {accounts.map((account) => (
          <li key={`${account.bank_name}-${account.account_number}`} className="account-card">
            <span className="account-bank">
              <BankIcon size={20} />
              {account.bank_name}
            </span>
            <span className="account-number">{account.account_number}</span>
            <CopyButton text={account.account_number} label={labels.copyNumber} detail={`for ${account.bank_name}`} />
          </li>
        ))}
      </ul>
    );
  }

  return body;
}

/** /funding (SPEC.md §2, §4): the user's own account numbers; a transfer to any of them funds the wallet. */
export default function FundingScreen() {
  useDocumentTitle('Fund wallet');
  // The accounts are the stored user's: read once the prerendered first frame is hydrated.
  const restored = useRestored();
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">Fund your wallet</h1>
        <p className="page-subtitle">
          Transfer any amount to any of the account numbers below from your bank app or USSD, and your wallet is funded.
        </p>
      </header>
      {restored ? <Accounts /> : <AccountsLoading />}
      <section className="funding-help" aria-labelledby="funding-help-title">
        <h2 id="funding-help-title" className="section-heading">
          How it works
        </h2>
        <ol className="funding-steps">
          <li>Copy one of your account numbers.</li>
          <li>Send money to it from any Nigerian bank.</li>
          <li>Your balance goes up within minutes, and a notification tells you it arrived.</li>
        </ol>
      </section>
    </div>
  );
}
