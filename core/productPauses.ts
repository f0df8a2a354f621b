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
export const productName = (service: Named, provider: string) => `${provider} ${service.categoryLabel}`;

/** "14:35 (Lagos time)". */
const lagosClock = (at: string) => `${lagosDateTime(new Date(at)).slice(11)} (Lagos time)`;

function why(service: Named, provider: string, pause: ProductPause): string {
  return pause.cause === 'failing'
    ? `${productName(service, provider)} is paused: ${provider} is not completing purchases right now`
    : `${productName(service, provider)} is paused while our team fixes a problem with it`;
}

/** The screen's notice: the product cannot be bought now, when it may be back, what to do meanwhile. */
export function productPausedNotice(service: Named, provider: string, pause: ProductPause): string {
  const other = `choose another ${service.providerLabel.toLowerCase()}`;
  const back =
    pause.back_at === null
      ? `It will be back as soon as it is fixed; meanwhile ${other}.`
      : `It may be back after ${lagosClock(pause.back_at)}; meanwhile ${other}.`;
  return `${why(service, provider, pause)}. ${back}`;
}

/** The refusal of a purchase of a paused product: nothing was bought, and what to do. */
export function productPausedRefusal(service: Named, provider: string, pause: ProductPause): string {
  const other = `choose another ${service.providerLabel.toLowerCase()}`;
  const next =
    pause.back_at === null
      ? `Try again later, or ${other}.`
      : `Try again after ${lagosClock(pause.back_at)}, or ${other}.`;
  return `${why(service, provider, pause)}. Nothing was bought and no money moved. ${next}`;
}
