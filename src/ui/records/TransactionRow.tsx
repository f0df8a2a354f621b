import type { Transaction } from '../../../core/contract';
import { formatDateTime } from '../../domain/kit/dateTime';
import { categoryWording } from '../../domain/kit/transactionCategory';
import { opensDetail, STATUS_LOOK } from '../../domain/records/transactionStatus';
import { FontOf, FontsOf } from '../kit/FontOf';
import { Money } from '../kit/Money';
import { CategoryIcon } from '../purchases/ServiceGrid';
import { StatusIcon } from '../kit/StatusIcon';
import { useT } from '../kit/language';

interface TransactionRowProps {
  transaction: Transaction;
  onSelect: (id: number) => void;
  /** The server is being asked about this row. */
  checking?: boolean;
}

/**
 * One transaction in a list: what it was, when, how much and where it stands. The whole row is
 * one button: a settled row opens its details, an unsettled one is checked again.
 */
export function TransactionRow({ transaction, onSelect, checking }: TransactionRowProps) {
  const t = useT();
  const wording = categoryWording(transaction.category);
  const category = typeof wording === 'string' ? wording : t(wording);
  return (
    <li>
      <button
        type="button"
        className="txn-row"
        aria-busy={checking || undefined}
        onClick={() => onSelect(transaction.id)}
      >
        <span className="txn-icon" aria-hidden="true">
          <CategoryIcon category={transaction.category} size={22} />
        </span>
        <span className="txn-main">
          <span className="txn-title">{transaction.description || category}</span>
          <span className="txn-meta">
            {category} · <time dateTime={transaction.created_at}>{formatDateTime(transaction.created_at)}</time>
          </span>
        </span>
        <span className="txn-side">
          <Money amount={transaction.amount} className="txn-amount" />
          {checking ? (
            <span className="status" data-colour={STATUS_LOOK[transaction.status].colour}>
              <span className="spinner" aria-hidden="true" />
              <span className="status-label">
                {t(/*i18n*/ { id: 'activities.row.checking', message: 'Checking…' })}
              </span>
            </span>
          ) : (
            <StatusIcon status={transaction.status} />
          )}
        </span>
        <span className="visually-hidden">
          {opensDetail(transaction.status)
            ? t(/*i18n*/ { id: 'activities.row.viewDetails', message: ', view details' })
            : t(/*i18n*/ { id: 'activities.row.checkAgain', message: ', check status again' })}
        </span>
      </button>
    </li>
  );
}

/**
 * A row's shape while the list loads, so the page does not jump when it arrives. The first one's
 * lines each hold a blank in the font of the text they stand for (FontOf): the rows' four fonts
 * (their title, details, amount and status) are then set up with the page's first layout, not in
 * the frame that draws the rows.
 */
export function TransactionRowSkeleton({ withFonts = false }: { withFonts?: boolean }) {
  return (
    <li className="txn-skeleton" aria-hidden="true">
      <span className="txn-icon skeleton" />
      <span className="txn-main">
        <span className="skeleton skeleton-line">{withFonts && <FontOf className="txn-title" />}</span>
        <span className="skeleton skeleton-line skeleton-short">{withFonts && <FontOf className="txn-meta" />}</span>
      </span>
      <span className="txn-side">
        <span className="skeleton skeleton-line skeleton-amount">
          {withFonts && <FontsOf classNames={['money txn-amount', 'status']} />}
        </span>
      </span>
    </li>
  );
}
