import { allows, type ConsoleProduct } from '../../../core/console';
import { PRODUCT_HEALTH_WINDOW_MS } from '../../../core/limits';
import { categoryLabel } from '../../domain/kit/transactionCategory';
import { ActionButton, Empty, Loaded, Section, When } from './components';
import { useRecord } from './flows';
import { useStaff } from './staffContext';

/**
 * Every product (a provider of a service), each with its biller's pay calls of the last minutes and
 * whether it is sold: paused for failing (tried again on its own) or by staff (until resumed).
 * Pausing asks why; resuming asks why it may be sold again; both are in the audit.
 */
export function ProductsScreen() {
  const record = useRecord('products', null);
  const mayPause = allows(useStaff().role, 'products.pause');
  return (
    <>
      <h1>Products</h1>
      <p className="hint">
        A paused product cannot be bought: its screen says so, and every purchase of it, scheduled ones too, is refused
        before any money moves. One paused for failing is tried again on its own; one you pause stays paused until it is
        resumed here.
      </p>
      <Loaded record={record} what="the products">
        {(products) =>
          products.length === 0 ? (
            <Empty>No product is sold.</Empty>
          ) : (
            byCategory(products).map(([category, rows]) => (
              <Section key={category} title={categoryLabel(category)}>
                <table className="ops-table">
                  <thead>
                    <tr>
                      <th>Provider</th>
                      <th>{`Pay calls (last ${PRODUCT_HEALTH_WINDOW_MS / 60_000} minutes)`}</th>
                      <th>State</th>
                      {mayPause && <th>Action</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((product) => (
                      <ProductRow
                        key={product.provider_id}
                        product={product}
                        mayPause={mayPause}
                        reload={() => record.reload()}
                      />
                    ))}
                  </tbody>
                </table>
              </Section>
            ))
          )
        }
      </Loaded>
    </>
  );
}

function byCategory(products: ConsoleProduct[]): [string, ConsoleProduct[]][] {
  const grouped = new Map<string, ConsoleProduct[]>();
  for (const product of products) grouped.set(product.category, [...(grouped.get(product.category) ?? []), product]);
  return [...grouped];
}

function ProductRow({ product, mayPause, reload }: { product: ConsoleProduct; mayPause: boolean; reload: () => void }) {
  const { health, pause } = product;
  return (
    <tr data-paused={pause !== null || undefined}>
      <th scope="row">{product.provider}</th>
      <td>
        {health.calls} ({health.failures} unanswered, for {health.customers} customers)
      </td>
      <td>
        {pause === null ? (
          'Sold'
        ) : pause.cause === 'failing' ? (
          <>
            Paused: failing ({pause.note}). Tried again from <When at={pause.retry_at} />.
          </>
        ) : (
          <>
            Paused by {pause.by} since <When at={pause.paused_at} />: {pause.note}
          </>
        )}
      </td>
      {mayPause && (
        <td>
          {pause?.cause !== 'staff' && (
            <ActionButton
              label="Pause"
              noteLabel={`Why you are pausing ${product.provider}`}
              noteMin={3}
              action="product.pause"
              args={{ providerId: product.provider_id }}
              onDone={reload}
            />
          )}
          {pause !== null && (
            <ActionButton
              label="Resume"
              variant="primary"
              noteLabel={`Why ${product.provider} may be sold again`}
              noteMin={3}
              action="product.resume"
              args={{ providerId: product.provider_id }}
              onDone={reload}
            />
          )}
        </td>
      )}
    </tr>
  );
}
