import { Link } from 'react-router-dom';
import type { LateBill } from '../../../core/console';
import { categoryLabel } from '../../domain/kit/transactionCategory';
import { Loaded, Naira, OpsTable, Section, When } from './components';
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
            <LateBillTable
              bills={bills.open}
              empty="No open exposure: every bill refunded at its deadline has a final answer from its biller."
            />
            <h3>Settled</h3>
            <LateBillTable bills={bills.settled} empty="None settled yet." />
          </>
        )}
      </Loaded>
    </Section>
  );
}

function LateBillTable({ bills, empty }: { bills: LateBill[]; empty: string }) {
  return (
    <OpsTable
      rows={bills}
      rowKey={(bill) => bill.transaction_id}
      empty={empty}
      columns={[
        {
          title: 'Customer',
          cell: (bill) => <Link to={`/customers/${bill.customer_id}`}>{bill.customer_name}</Link>,
        },
        {
          title: 'Bill',
          cell: (bill) => (
            <>
              {categoryLabel(bill.category)} · {bill.provider} · <code>{bill.reference}</code>
            </>
          ),
        },
        { title: 'Amount', cell: (bill) => <Naira amount={bill.amount} /> },
        { title: 'Debited', cell: (bill) => <When at={bill.debited_at} /> },
        { title: 'Refunded', cell: (bill) => <When at={bill.refunded_at} /> },
        {
          title: 'Biller',
          cell: (bill) => (
            <>
              {bill.biller} · <code>{bill.request_id}</code>
            </>
          ),
        },
        { title: 'Last asked', cell: (bill) => <When at={bill.last_requery_at} /> },
        {
          title: 'Exposure',
          cell: (bill) => (
            <>
              {EXPOSURE_WORDS[bill.exposure]}
              {bill.resolved_at !== null && (
                <>
                  , <When at={bill.resolved_at} />
                </>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
