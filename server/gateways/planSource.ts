/**
 * Where the catalogue's providers and plans come from when the biller publishes them (VTpass's
 * service-variations): read by the catalogue sync (services/catalogSync.ts). The simulated
 * biller publishes none: the seeded catalogue is its catalogue.
 */
export interface PlanSource {
  /** Whether the biller sells this provider (our catalogue code) at all. */
  sells(providerCode: string): boolean;
  /**
   * The provider's plans as the biller lists them now, at the biller's price; null for a
   * provider sold by amount (airtime, electricity). Rejects when the biller cannot be asked.
   */
  plans(providerCode: string): Promise<SourcePlan[] | null>;
}

export interface SourcePlan {
  /** The biller's code of the plan (VTpass's variation_code): stored as the package code and sent back on pay. */
  code: string;
  name: string;
  /** What the biller charges us. */
  amountKobo: bigint;
}
