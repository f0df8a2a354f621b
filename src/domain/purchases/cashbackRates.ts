import { cashbackPercent, SERVICES } from '../../../core/services';

/** A list as it is read: 'a', 'a and b', 'a, b and c'. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The cashback rates of the service table (core/services.ts) in words, highest first, services
 * of one rate together: '2% on Airtime, 1.5% on Data and 0.5% on Electricity and Cable TV'. The
 * landing page and the terms say it from here, so they state what the server pays. Services go
 * by their category names ('Airtime', 'Cable TV').
 */
export function cashbackRatesText(): string {
  const byRate = new Map<number, string[]>();
  for (const service of SERVICES) {
    if (service.cashbackBasisPoints <= 0) continue;
    byRate.set(service.cashbackBasisPoints, [
      ...(byRate.get(service.cashbackBasisPoints) ?? []),
      service.categoryLabel,
    ]);
  }
  return listed(
    [...byRate.entries()]
      .sort(([a], [b]) => b - a)
      .map(([basisPoints, names]) => `${cashbackPercent({ cashbackBasisPoints: basisPoints })} on ${listed(names)}`),
  );
}

/** The services that earn nothing, in words ('Betting and Jamb/Waec Pins'). */
export function noCashbackText(): string {
  return listed(SERVICES.filter((service) => service.cashbackBasisPoints <= 0).map((service) => service.categoryLabel));
}
