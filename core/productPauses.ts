import type { ProductPause } from './contract';
import { lagosDateTime } from './days';
import type { ServiceDefinition } from './services';

/**
 * What both halves say of a paused product (one provider of one service): the screen before anyone
 * types, and the refusal of a purchase (503) that reaches the server anyway. Both say what happened,
 * when it may be back and what to do meanwhile.
 */

type Named = Pick<ServiceDefinition, 'categoryLabel' | 'providerLabel'>;

/** The product as the customer picks it: "MTN Airtime", "Ikeja Electric (IKEDC) Electricity". */
export const productName = (service: Named, provider: string) => `${provider} ${service.categoryLabel.message}`;

/** "14:35 (Lagos time)". */
const lagosClock = (at: string) => `${lagosDateTime(new Date(at)).slice(11)} (Lagos time)`;

/** The screen's notice: the product cannot be bought now, when it may be back, what to do meanwhile. */
export function productPausedNotice(service: Named, provider: string, pause: ProductPause): string {
  const product = productName(service, provider);
  const other = service.providerLabel.toLowerCase();
  if (pause.cause === 'staff' || pause.back_at === null)
    return (
      `${product} is paused while our team fixes a problem with it. ` +
      `It will be back as soon as it is fixed; meanwhile choose another ${other}.`
    );
  return (
    `${product} is paused: ${provider} is not completing purchases right now. ` +
    `It may be back after ${lagosClock(pause.back_at)}; meanwhile choose another ${other}.`
  );
}

/** The refusal of a purchase of a paused product: nothing was bought, and what to do. */
export function productPausedRefusal(service: Named, provider: string, pause: ProductPause): string {
  const product = productName(service, provider);
  const other = service.providerLabel.toLowerCase();
  if (pause.cause === 'staff' || pause.back_at === null)
    return (
      `${product} is paused while our team fixes a problem with it. ` +
      `Nothing was bought and no money moved. Try again later, or choose another ${other}.`
    );
  return (
    `${product} is paused: ${provider} is not completing purchases right now. ` +
    `Nothing was bought and no money moved. Try again after ${lagosClock(pause.back_at)}, or choose another ${other}.`
  );
}
