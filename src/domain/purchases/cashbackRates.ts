import type { Say } from '../../../core/i18n/words';
import { cashbackPercent, SERVICES } from '../../../core/services';
import { inEnglish } from '../kit/english';

// The terms are English only, whatever language the app speaks, so they say the rates in English.

/** A list as it is read: 'a', 'a and b', 'a, b and c'. */
function listed(items: string[], say: Say): string {
  if (items.length <= 1) return items[0] ?? '';
  return say(
    /*i18n*/ { id: 'site.rates.and', message: '{list} and {last}' },
    {
      list: items.slice(0, -1).join(', '),
      last: items[items.length - 1] ?? '',
    },
  );
}

/**
 * The cashback rates of the service table (core/services.ts) in words, highest first, services
 * of one rate together: '2% on Airtime, 1.5% on Data and 0.5% on Electricity and Cable TV'. The
 * landing page (in the app's language, its `t`) and the terms (English) say it from here, so they
 * state what the server pays.
 */
export function cashbackRatesText(say: Say = inEnglish): string {
  const byRate = new Map<number, string[]>();
  for (const service of SERVICES) {
    if (service.cashbackBasisPoints <= 0) continue;
    byRate.set(service.cashbackBasisPoints, [
      ...(byRate.get(service.cashbackBasisPoints) ?? []),
      say(service.categoryLabel),
    ]);
  }
  return listed(
    [...byRate.entries()]
      .sort(([a], [b]) => b - a)
      .map(([basisPoints, names]) =>
        say(
          /*i18n*/ { id: 'site.rates.rate', message: '{percent} on {services}' },
          {
            percent: cashbackPercent({ cashbackBasisPoints: basisPoints }),
            services: listed(names, say),
          },
        ),
      ),
    say,
  );
}

/** The services that earn nothing, in words ('Betting and Jamb/Waec Pins'). */
export function noCashbackText(say: Say = inEnglish): string {
  return listed(
    SERVICES.filter((service) => service.cashbackBasisPoints <= 0).map((service) => say(service.categoryLabel)),
    say,
  );
}
