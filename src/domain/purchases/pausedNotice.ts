import type { ProductPause } from '../../../core/contract';
import { lagosDateTime } from '../../../core/days';
import type { Wording } from '../../../core/i18n/words';
import type { ServiceEntry } from '../../../core/services';

/**
 * A paused product's notice (its screen's, and the toast of a Continue pressed anyway), in the
 * reader's language: in English, productPausedNotice's text (core/productPauses.ts, which the
 * server shares and keeps in English) word for word. One message a case, so that a translator
 * reads it whole; the service's name is chosen in it, as a flow hands the view its words unsaid.
 */
export function pausedNoticeWording(service: ServiceEntry, provider: string, pause: ProductPause): Wording {
  const values = {
    provider,
    service: service.key,
    // A service added to the table before its name is in the message: named in English.
    category: service.categoryLabel.message,
    kind: service.providerLabel === 'Network' ? 'network' : 'provider',
  };
  if (pause.cause === 'staff' || pause.back_at === null)
    return {
      words: /*i18n*/ {
        id: 'buy.paused.staffNotice',
        message:
          '{provider} {service, select, airtime {Airtime} internet {Data} electricity {Electricity} betting {Betting} cable {Cable TV} education {Jamb/Waec Pins} other {{category}}} is paused while our team fixes a problem with it. It will be back as soon as it is fixed; meanwhile choose another {kind, select, network {network} other {provider}}.',
      },
      values,
    };
  return {
    words: /*i18n*/ {
      id: 'buy.paused.failingNotice',
      message:
        '{provider} {service, select, airtime {Airtime} internet {Data} electricity {Electricity} betting {Betting} cable {Cable TV} education {Jamb/Waec Pins} other {{category}}} is paused: {provider} is not completing purchases right now. It may be back after {time} (Lagos time); meanwhile choose another {kind, select, network {network} other {provider}}.',
    },
    values: { ...values, time: lagosDateTime(new Date(pause.back_at)).slice(11) },
  };
}
