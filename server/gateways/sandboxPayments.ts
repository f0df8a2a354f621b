import { AppError } from '../errors';
import type { SimulatedTransfer } from './bankPartner';

/**
 * Development only (POST /dev/bank/transfer): asks a real partner's stand-in — the fake servers
 * of testkit/fakes, which answer POST /__fake/pay — to take a customer's payment into one
 * of its accounts. The stand-in records the payment (so its status call confirms it) and sends
 * its signed webhook to the webhook URL it was started with (this server's
 * /api/webhooks/<partner>), exactly as the partner would; its answer carries our webhook's status
 * and body.
 *
 * A real sandbox has no such endpoint: the answer then says to pay from the partner's own
 * sandbox tools instead.
 */
export class SandboxPayments {
  constructor(
    readonly provider: string,
    readonly baseUrl: string,
  ) {}

  async pay(transfer: SimulatedTransfer): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/__fake/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          account_number: transfer.accountNumber,
          amount_kobo: transfer.amountKobo.toString(),
          sender_name: transfer.senderName,
          sender_bank: transfer.senderBank,
          reference: transfer.reference,
        }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (cause) {
      throw new AppError(
        502,
        `${this.provider} at ${this.baseUrl} could not be reached to take a test payment (${(cause as Error).message})`,
      );
    }
    const answer = (await response.json().catch(() => undefined)) as
      { webhook?: { status: number; body: unknown } } | undefined;
    if (response.status !== 200 || !answer?.webhook) {
      throw new AppError(
        502,
        `${this.provider} at ${this.baseUrl} takes no test payments (it is not one of our fake servers): ` +
          `pay into the account from ${this.provider}'s own sandbox instead`,
      );
    }
    return answer.webhook;
  }
}
