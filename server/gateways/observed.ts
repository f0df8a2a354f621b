import type { BankPartner, EnrolmentStep } from './bankPartner';
import type { Biller, BillOutcome } from './biller';

/** One call to a partner, as the logs and the metrics see it. */
export interface GatewayCall {
  gateway: 'biller' | 'bank';
  /** The partner's name (e.g. 'simulated', 'paystack'). */
  partner: string;
  operation: string;
  /** What came back: a bill's status, 'found'/'not-found', 'ok', or 'error' when the call threw. */
  outcome: string;
  durationMs: number;
  error?: unknown;
}

export type GatewayObserver = (call: GatewayCall) => void;

/**
 * A gateway whose listed operations report each call (its outcome and duration) to `observe`;
 * every other member is the gateway's own, called on the gateway itself (private fields work).
 */
function observed<G extends object>(
  gateway: G,
  kind: GatewayCall['gateway'],
  partner: string,
  operations: Partial<Record<keyof G & string, (result: never) => string>>,
  observe: GatewayObserver,
): G {
  return new Proxy(gateway, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const outcomeOf = operations[property as keyof G & string] as ((result: unknown) => string) | undefined;
      if (!outcomeOf) return value.bind(target);
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          const result: unknown = await value.apply(target, args);
          observe({
            gateway: kind,
            partner,
            operation: String(property),
            outcome: outcomeOf(result),
            durationMs: performance.now() - started,
          });
          return result;
        } catch (error) {
          observe({
            gateway: kind,
            partner,
            operation: String(property),
            outcome: 'error',
            durationMs: performance.now() - started,
            error,
          });
          throw error;
        }
      };
    },
  });
}

const billStatus = (outcome: BillOutcome) =>
  outcome.status === 'failed' ? (outcome.definitive ? 'failed' : 'failed-ambiguous') : outcome.status;

export const observedBiller = (biller: Biller, observe: GatewayObserver): Biller =>
  observed(
    biller,
    'biller',
    biller.name,
    { pay: billStatus, requery: billStatus, verify: (found: unknown) => (found ? 'found' : 'not-found') },
    observe,
  );

const enrolmentStatus = (step: EnrolmentStep) => step.status;
const found = (record: unknown) => (record ? 'found' : 'not-found');

/**
 * The bank partner's outbound calls, its card checkout's included; webhooks come in through the
 * route and are counted there.
 */
export function observedBank<B extends BankPartner>(bank: B, observe: GatewayObserver): B {
  const partner = observed(
    bank,
    'bank',
    bank.provider,
    { enrol: enrolmentStatus, resume: enrolmentStatus } as never,
    observe,
  );
  if (!bank.cards) return partner;
  const cards = observed(
    bank.cards,
    'bank',
    bank.provider,
    { initialize: () => 'ok', verify: found } as never,
    observe,
  );
  return new Proxy(partner, {
    get: (target, property) => (property === 'cards' ? cards : Reflect.get(target, property)),
  });
}
