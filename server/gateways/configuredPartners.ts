import type { Clock } from '../clock';
import type { Config } from '../config';
import type { BankPartner } from './bankPartner';
import { MonnifyBank } from './monnifyBank';
import { PaystackBank } from './paystackBank';
import type { ProviderLog } from './providerHttp';
import { SimulatedBank } from './simulatedBank';

/** The bank partners BANK_PARTNERS lists, in its order (the first is the demo account's). */
export function configuredBankPartners(config: Config, log: ProviderLog, clock: Clock): BankPartner[] {
  const { names, monnify, paystack } = config.bankPartners;
  // The server's clock: development's can be moved (POST /dev/clock), past a breaker's cool-down too.
  const options = { log, now: () => clock.now().getTime() };
  return names.map((name): BankPartner => {
    switch (name) {
      case 'simulated':
        return new SimulatedBank({
          webhookSecret: config.bankWebhookSecret,
          clock,
          checkoutUrl: (reference) => `${config.publicUrl}/dev/checkout/${encodeURIComponent(reference)}`,
        });
      case 'monnify':
        // loadConfig refuses a listed partner without its keys.
        if (!monnify) throw new Error('BANK_PARTNERS lists monnify without its settings');
        return new MonnifyBank(monnify, options);
      case 'paystack':
        if (!paystack) throw new Error('BANK_PARTNERS lists paystack without its settings');
        return new PaystackBank(paystack, options);
    }
  });
}
