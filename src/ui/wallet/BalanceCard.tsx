import { Link } from 'react-router-dom';
import { useRestored, useSession, useSessionSelector } from '../app/SessionContext';
import { EyeIcon, EyeOffIcon } from './walletIcons';
import { Money } from '../kit/Money';
import { useT } from '../kit/language';
import * as labels from '../../../core/labels';

/**
 * The overview card: total balance, shown by default and blurred when hidden, the cashback
 * earned so far (hidden with the balance), and the way to fund the wallet.
 */
export function BalanceCard() {
  const session = useSession();
  const balance = useSessionSelector((s) => s.context.user.wallet_balance);
  const revealed = useSessionSelector((s) => s.context.reveal_balance);
  const cashback = useSessionSelector((s) => s.context.user.cashback_total);
  // Until the stored user is read (the prerendered first frame) the amount is a placeholder of its size.
  const restored = useRestored();
  const t = useT();
  return (
    <section className="balance-card" aria-labelledby="balance-label">
      <div className="balance-head">
        <h2 id="balance-label" className="balance-label">
          {t(/*i18n*/ { id: 'wallet.total', message: 'Total balance' })}
        </h2>
        <button
          type="button"
          className="icon-btn balance-toggle"
          aria-label={
            revealed
              ? t(/*i18n*/ { id: 'wallet.hide', message: 'Hide balance' })
              : t(/*i18n*/ { id: 'wallet.show', message: 'Show balance' })
          }
          onClick={() => session.send({ type: 'balance.toggle' })}
        >
          {revealed ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <p className="balance-amount" data-hidden={!revealed}>
        {/* Blurred on screen, absent for screen readers: a hidden balance must not be read aloud. */}
        <span className="balance-value" aria-hidden={!revealed || undefined}>
          {restored ? (
            <Money amount={balance} />
          ) : (
            // The naira sign, then a bar where the figures go: the line is drawn at its final size
            // from the page's HTML, so the amount that replaces the bar moves nothing.
            <span className="money" aria-hidden="true">
              ₦<span className="skeleton skeleton-balance" />
            </span>
          )}
        </span>
        {!revealed && (
          <span className="visually-hidden">
            {t(/*i18n*/ { id: 'wallet.balanceHidden', message: 'Balance hidden' })}
          </span>
        )}
      </p>
      {/* Drawn before the server has said (a placeholder), so that its line does not push the page
          down when it does. */}
      <p className="balance-cashback" data-hidden={!revealed} aria-busy={cashback === null || undefined}>
        {t(/*i18n*/ { id: 'wallet.cashback', message: 'Cashback earned' })}{' '}
        <span className="balance-value" aria-hidden={!revealed || undefined}>
          {cashback === null ? '…' : <Money amount={cashback} />}
        </span>
        {!revealed && <span className="visually-hidden">{t(/*i18n*/ { id: 'wallet.hidden', message: 'hidden' })}</span>}
      </p>
      <Link to="/funding" className="btn btn-on-brand">
        {t(labels.fundWallet)}
      </Link>
    </section>
  );
}
