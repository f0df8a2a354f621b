import { Link } from 'react-router-dom';
import type { LateBill } from '../../../core/console';
import { categoryLabel } from '../../domain/kit/transactionCategory';
import { Empty, Loaded, Naira, Section, When } from './components';
import { useRecord } from './flows';

const EXPOSURE_WORDS: Record<LateBill['exposure'], string> = {
  open: 'biller still asked',
  delivered: 'delivered later: loss written off',
  failed: 'failed: nothing lost',
};

/**
 * Finance's view of the bills refunded at their 24-hour deadline: the exposures still open (the
 * business may yet owe the biller their amount) and the latest settled, with the losses so far.
 * Nothing here moves money: the requery job settles each exposure by the biller's answer.
 */
export function LateBillsSection() {
  const record = useRecord('lateBills', null);
  return (
    <Section title="Bills refunded at the 24-hour deadline">
      <Loaded record={record} what="the bills refunded at their deadline">
        {(bills) => (
          <>
            <p>
              {bills.open_count} open, <Naira amount={bills.open_total} />; {bills.lost_count} delivered after their
              refund, <Naira amount={bills.lost_total} /> written off.
            </p>
            <h3>Open</h3>
            {bills.open.length === 0 ? (
              <Empty>No open exposure: every bill refunded at its deadline has a final answer from its biller.</Empty>
            ) : (
              <LateBillTable bills={bills.open} />
            )}
            <h3>Settled</h3>
            {bills.settled.length === 0 ? <Empty>None settled yet.</Empty> : <LateBillTable bills={bills.settled} />}
          </>
        )}
      </Loaded>
    </Section>
  );
}

function LateBillTable({ bills }: { bills: LateBill[] }) {
  return (
    <table className="ops-table">
      <thead>
        <tr>
          <th>Customer</th>
          <th>Bill</th>
          <th>Amount</th>
          <th>Debited</th>
          <th>Refunded</th>
          <th>Biller</th>
          <th>Last asked</th>
          <th>Exposure</th>
        </tr>
      </thead>
      <tbody>
        {bills.map((bill) => (
          <tr key={bill.transaction_id}>
            <td>
              <Link to={`/customers/${bill.customer_id}`}>{bill.customer_name}</Link>
            </td>
            <td>
              {categoryLabel(bill.category)} · {bill.provider} · <code>{bill.reference}</code>
            </td>
            <td>
              <Naira amount={bill.amount} />
            </td>
            <td>
              <When at={bill.debited_at} />
            </td>
            <td>
              <When at={bill.refunded_at} />
            </td>
            <td>
              {bill.biller} · <code>{bill.request_id}</code>
            </td>
            <td>
              <When at={bill.last_requery_at} />
            </td>
            <td>
              {EXPOSURE_WORDS[bill.exposure]}
              {bill.resolved_at !== null && (
                <>
                  , <When at={bill.resolved_at} />
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
