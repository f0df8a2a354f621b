import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { allows, type BillStatus, type CustomerPage, type MoneyRequestKind } from '../../../core/console';
import { categoryLabel } from '../../domain/kit/transactionCategory';
import { ActionButton, Empty, Loaded, Naira, OpsTable, Section, When } from './components';
import { useRecord } from './flows';
import { MoneyRequestForm } from './MoneyRequestForm';
import { CaseRow } from './CasesScreen';
import { useStaff } from './staffContext';

/** One customer, as support needs them: every read of this page is recorded in the audit. */
export function CustomerScreen() {
  // The route is /customers/:customerId.
  const customerId = Number(useLocation().pathname.split('/').pop());
  const record = useRecord('customer', { customerId });
  return (
    <Loaded record={record} what="the customer">
      {(page) => <CustomerDetail page={page} reload={() => record.reload()} />}
    </Loaded>
  );
}

function CustomerDetail({ page, reload }: { page: CustomerPage; reload: () => void }) {
  const staff = useStaff();
  const { customer, identity } = page;
  return (
    <>
      <h1>{customer.name}</h1>
      <dl className="ops-facts">
        <dt>E-mail</dt>
        <dd>
          {customer.email} {customer.email_verified ? '(verified)' : '(not verified)'}
        </dd>
        <dt>Phone</dt>
        <dd>{customer.phone}</dd>
        <dt>Since</dt>
        <dd>
          <When at={customer.created_at} />
        </dd>
        <dt>Balance</dt>
        <dd>
          <Naira amount={page.wallet.balance} /> (cashback so far <Naira amount={page.wallet.cashback_total} />)
        </dd>
        <dt>Tier</dt>
        <dd>
          Tier {page.limits.tier}: <Naira amount={page.limits.left_today} /> left of{' '}
          <Naira amount={page.limits.daily_limit} /> today
        </dd>
        <dt>BVN</dt>
        <dd>{identity.bvn || 'not verified'}</dd>
        <dt>NIN</dt>
        <dd>{identity.nin || 'not verified'}</dd>
        <dt>Address</dt>
        <dd>
          {identity.address
            ? `${identity.address.verified ? 'verified' : 'not verified'} ` +
              `by ${identity.address.decided_by}: ${identity.address.note}`
            : 'no decision'}
        </dd>
        <dt>Transaction pin</dt>
        <dd>{customer.pin_set ? (customer.pin_locked ? 'set, locked until reset' : 'set') : 'not set'}</dd>
      </dl>

      <Section title="Accounts">
        {page.accounts.length === 0 ? (
          <Empty>No funding accounts yet.</Empty>
        ) : (
          <ul className="ops-list">
            {page.accounts.map((account) => (
              <li key={account.account_number}>
                {account.bank_name} {account.account_number} ({account.provider})
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Transactions">
        <OpsTable
          rows={page.transactions}
          rowKey={(transaction) => transaction.id}
          empty="No transactions."
          setApart={(transaction) => transaction.stuck}
          columns={[
            { title: 'When', cell: (transaction) => <When at={transaction.created_at} /> },
            { title: 'What', cell: (transaction) => transaction.description || categoryLabel(transaction.category) },
            { title: 'Amount', cell: (transaction) => <Naira amount={transaction.amount} /> },
            {
              title: 'Status',
              cell: (transaction) => `${transaction.status}${transaction.stuck ? ' (over an hour)' : ''}`,
            },
            { title: 'Reference', cell: (transaction) => <code>{transaction.reference}</code> },
            { title: 'At the biller', cell: (transaction) => <AtTheBiller bill={transaction.bill} /> },
            {
              title: '',
              cell: (transaction) =>
                transaction.status === 'processing' &&
                transaction.bill && (
                  <ActionButton
                    label="Requery now"
                    action="bill.requery"
                    args={{ transactionId: transaction.id }}
                    onDone={reload}
                  />
                ),
            },
          ]}
        />
      </Section>

      <Section title="Cases">
        {page.cases.length === 0 ? (
          <Empty>No reported problems.</Empty>
        ) : (
          <ul className="ops-cases">
            {page.cases.map((item) => (
              <CaseRow key={item.case_number} item={item} onDone={reload} />
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="Sessions"
        actions={
          page.sessions.some((session) => session.live) && (
            <ActionButton
              label="End every session"
              action="customer.endSessions"
              args={{ customerId: customer.id, sessionId: null }}
              onDone={reload}
            />
          )
        }
      >
        {page.sessions.length === 0 ? (
          <Empty>Never signed in.</Empty>
        ) : (
          <ul className="ops-list">
            {page.sessions.map((session) => (
              <li key={session.id}>
                {session.device}, since <When at={session.created_at} />, last active{' '}
                <When at={session.last_active_at} /> · {session.live ? 'live' : 'ended'}{' '}
                {session.live && (
                  <ActionButton
                    label="End"
                    action="customer.endSessions"
                    args={{ customerId: customer.id, sessionId: session.id }}
                    onDone={reload}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Ledger entries">
        <OpsTable
          rows={page.ledger}
          rowKey={(entry) => entry.movement_id}
          empty="No entries."
          columns={[
            { title: 'When', cell: (entry) => <When at={entry.created_at} /> },
            { title: 'Movement', cell: (entry) => entry.movement_id },
            { title: 'Kind', cell: (entry) => entry.kind },
            { title: 'Amount', cell: (entry) => <Naira amount={entry.amount} /> },
          ]}
        />
      </Section>

      <Section title="Address">
        <AddressDecision customerId={customer.id} onDone={reload} />
      </Section>

      {allows(staff.role, 'money.request') && (
        <Section title="Goodwill">
          <GoodwillForms customerId={customer.id} onDone={reload} />
          {page.money_requests.length > 0 && (
            <ul className="ops-list">
              {page.money_requests.map((request) => (
                <li key={request.id}>
                  #{request.id} {request.kind} <Naira amount={request.amount} /> · {request.status} · asked by{' '}
                  {request.maker}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </>
  );
}

/** Where a purchase's bill stands at the biller, and when we last asked; a dash for what is no bill. */
function AtTheBiller({ bill }: { bill: BillStatus | null }) {
  if (!bill) return '—';
  return (
    <>
      {`${bill.biller} · ${bill.provider} · ${bill.beneficiary}`}
      {bill.last_requery_at && (
        <>
          {' · asked '}
          <When at={bill.last_requery_at} />
        </>
      )}
    </>
  );
}

function AddressDecision({ customerId, onDone }: { customerId: number; onDone: () => void }) {
  return (
    <div className="ops-row">
      <ActionButton
        label="Record: address verified"
        noteLabel="What did you check (document, date)?"
        noteMin={10}
        action="customer.address"
        args={{ customerId, verified: true }}
        onDone={onDone}
      />
      <ActionButton
        label="Record: address not verified"
        noteLabel="Why not?"
        noteMin={10}
        action="customer.address"
        args={{ customerId, verified: false }}
        onDone={onDone}
      />
    </div>
  );
}

function GoodwillForms({ customerId, onDone }: { customerId: number; onDone: () => void }) {
  const [open, setOpen] = useState<Extract<MoneyRequestKind, `goodwill-${string}`> | null>(null);
  if (open)
    return (
      <MoneyRequestForm
        key={open}
        kind={open}
        customerId={customerId}
        incomingTransferId={null}
        onClose={() => setOpen(null)}
        onDone={onDone}
      />
    );
  return (
    <div className="ops-row">
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen('goodwill-credit')}>
        Goodwill credit…
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen('goodwill-debit')}>
        Goodwill debit…
      </button>
    </div>
  );
}
