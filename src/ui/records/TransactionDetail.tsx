import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../core/contract';
import * as labels from '../../../core/labels';
import { isSchedulable } from '../../../core/schedules';
import { FACT_WORDS, transactionFacts } from '../../domain/records/transactionDetails';
import { showToast } from '../kit/toaster';
import { CopyButton } from '../kit/CopyButton';
import { Modal } from '../kit/Modal';
import { Money } from '../kit/Money';
import { StatusIcon } from '../kit/StatusIcon';
import { DownloadIcon } from './recordIcons';
import { useT } from '../kit/language';

const ProblemReport = lazy(() => import('./ProblemReport'));

/**
 * A transaction's details: everything worth keeping, the value to copy, a problem to report, and a
 * receipt to download.
 */
export function TransactionDetail({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const t = useT();
  const reference = t(FACT_WORDS.reference);
  return (
    <Modal
      title={t(/*i18n*/ { id: 'txn.detail.title', message: 'Transaction details' })}
      onClose={onClose}
      className="txn-detail"
    >
      <div className="txn-detail-summary">
        <Money amount={transaction.amount} className="txn-detail-amount" />
        <StatusIcon status={transaction.status} />
      </div>
      {transaction.status === 'canceled' && (
        <p className="hint txn-detail-note">
          {t(
            /*i18n*/ {
              id: 'txn.detail.canceled',
              message: 'This transaction did not go through. Any amount taken for it has been returned to your wallet.',
            },
          )}
        </p>
      )}
      {transaction.display_value && (
        <div className="txn-detail-value">
          <span className="txn-detail-value-name">
            {transaction.display_name || t(/*i18n*/ { id: 'txn.detail.details', message: 'Details' })}
          </span>
          <span className="txn-detail-value-text mono">{transaction.display_value}</span>
          <CopyButton
            text={transaction.display_value}
            label={t(/*i18n*/ { id: 'txn.detail.copy', message: 'Copy' })}
            detail={transaction.display_name}
          />
        </div>
      )}
      <dl className="txn-detail-list">
        {transactionFacts(transaction, t).map(([name, value]) => (
          <div key={name} className="txn-detail-row">
            <dt>{name}</dt>
            <dd className={name === reference ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={null}>
        <ProblemReport transaction={transaction} />
      </Suspense>
      {/* A completed purchase can be made again on a schedule: the form opens on /schedules with its product. */}
      {transaction.status === 'completed' && isSchedulable(transaction.category) && (
        <Link to={`/schedules?repeat=${transaction.id}`} className="btn btn-secondary btn-block">
          {t(/*i18n*/ { id: 'records.repeat', message: 'Repeat this' })}
        </Link>
      )}
      <DownloadReceipt transaction={transaction} />
    </Modal>
  );
}

/**
 * The receipt is drawn only when asked for: its module is loaded on the first click, so the
 * list costs nothing extra to open. The button stays enabled while busy (a disabled button
 * would drop the keyboard focus); a second click waits for the first.
 */
function DownloadReceipt({ transaction }: { transaction: Transaction }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { downloadReceipt } = await import('./renderReceipt');
      await downloadReceipt(transaction);
    } catch {
      showToast(
        'error',
        /*i18n*/ {
          id: 'txn.receipt.failed',
          message: 'The receipt could not be created. Check your connection and try again.',
        },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-primary btn-block" aria-busy={busy || undefined} onClick={download}>
      {busy ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon size={20} />}
      {t(labels.download)}
    </button>
  );
}
