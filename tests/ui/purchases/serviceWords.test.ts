import { describe, expect, it } from 'vitest';
import type { ProductPause } from '../../../core/contract';
import { productPausedNotice } from '../../../core/productPauses';
import { SERVICES } from '../../../core/services';
import { t } from '../../../src/ui/kit/language';
import { pausedNotice } from '../../../src/ui/purchases/pausedNotice';
import { beneficiaryWords, planWords, providerWords } from '../../../src/ui/purchases/serviceWords';

// The screens say the service table's words through their own messages (the table is the server's
// too, in English): in English they must stay the table's, letter for letter.
describe('the service screens’ words', () => {
  for (const service of SERVICES)
    it(`say ${service.key} as the service table does, in English`, () => {
      expect(t(beneficiaryWords[service.key].name)).toBe(service.beneficiary.displayName);
      expect(t(providerWords[service.providerLabel].label)).toBe(service.providerLabel);
      if (service.pricing.kind === 'plan')
        expect(t(planWords[service.pricing.planLabel]!.label)).toBe(service.pricing.planLabel);
    });

  const pauses: ProductPause[] = [
    { cause: 'staff', back_at: null },
    { cause: 'failing', back_at: null },
    { cause: 'failing', back_at: '2026-11-21T10:05:00.000Z' },
  ];
  for (const service of SERVICES)
    it(`say a paused ${service.key} product as the server does, in English`, () => {
      for (const pause of pauses)
        expect(pausedNotice(t, service, 'Acme', pause)).toBe(productPausedNotice(service, 'Acme', pause));
    });
});
