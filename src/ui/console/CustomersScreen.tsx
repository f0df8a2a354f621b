import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerHit } from '../../../core/console';
import { Empty } from './components';
import { useAction } from './flows';

const MATCHED: Record<CustomerHit['matched'], string> = {
  email: 'e-mail',
  phone: 'phone',
  account: 'account number',
  reference: 'transaction reference',
  case: 'case number',
  name: 'name',
};

/** Find a customer by what they tell support. */
export function CustomersScreen() {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<CustomerHit[] | null>(null);
  const search = useAction('customers.search', { onDone: setHits });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.start({ query });
  };
  return (
    <>
      <h1>Customers</h1>
      <form className="ops-search" role="search" onSubmit={submit}>
        <label className="field-label">
          E-mail, phone, account number, transaction reference or case number
          <input className="input" value={query} onChange={(event) => setQuery(event.target.value)} autoFocus />
        </label>
        <button type="submit" className="btn btn-primary btn-small" aria-busy={search.busy || undefined}>
          Search
        </button>
      </form>
      {hits !== null &&
        (hits.length === 0 ? (
          <Empty>No customer matches. Check the number, or try the e-mail.</Empty>
        ) : (
          <ul className="ops-list" aria-label="Customers found">
            {hits.map((hit) => (
              <li key={hit.id}>
                <Link to={`/customers/${hit.id}`}>{hit.name}</Link> · {hit.email} · {hit.phone}{' '}
                <span className="hint">(by {MATCHED[hit.matched]})</span>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
