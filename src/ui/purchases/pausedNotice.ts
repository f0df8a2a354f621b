import type { ProductPause } from '../../../core/contract';
import { lagosDateTime } from '../../../core/days';
import type { Translator } from '../../../core/i18n/words';
import type { ServiceEntry } from '../../../core/services';
import { serviceNames } from './serviceWords';

/**
 * A paused product's notice on its screen, in the reader's language: in English,
 * productPausedNotice's text (core/productPauses.ts, which the server shares and keeps in English)
 * word for word. Its sentences are messages of their own, each short enough for one line of code.
 */
export function pausedNotice(t: Translator['t'], service: ServiceEntry, provider: string, pause: ProductPause): string {
  const product = `${provider} ${t(serviceNames[service.key])}`;
  const other = t(
    service.providerLabel === 'Network'
      ? /*i18n*/ { id: 'buy.paused.network', message: 'meanwhile choose another network.' }
      : /*i18n*/ { id: 'buy.paused.provider', message: 'meanwhile choose another provider.' },
  );
  if (pause.cause === 'staff' || pause.back_at === null)
    return [
      t(
        /*i18n*/ { id: 'buy.paused.staff', message: '{product} is paused while our team fixes a problem with it.' },
        { product },
      ),
      t(/*i18n*/ { id: 'buy.paused.staffBack', message: 'It will be back as soon as it is fixed;' }),
      other,
    ].join(' ');
  return [
    t(
      /*i18n*/ {
        id: 'buy.paused.failing',
        message: '{product} is paused: {provider} is not completing purchases right now.',
      },
      { product, provider },
    ),
    t(
      /*i18n*/ { id: 'buy.paused.failingBack', message: 'It may be back after {time} (Lagos time);' },
      {
        time: lagosDateTime(new Date(pause.back_at)).slice(11),
      },
    ),
    other,
  ].join(' ');
}
