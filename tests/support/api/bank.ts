import { expect } from 'vitest';
import type {
  DevBankTransferRequest,
  DevBankTransferResult,
  FundingStatus,
  VirtualAccount,
} from '../../../core/contract';
import { paystackChargeSuccess } from '../../../server/gateways/paystackWebhook';
import { signHmacSha512 } from '../../../server/gateways/webhookSignature';
import { identityNumber } from './accounts';
import type { Reply, TestApp } from './app';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';

export const WEBHOOK = '/api/webhooks/bank';
export const SIGNATURE_HEADER = 'x-paystack-signature';

export interface TransferFields {
  accountNumber: string;
  /** Kobo. */
  amount: number;
  reference: string;
  senderName?: string;
  senderBank?: string;
}

/** The partner's charge.success body, as an object (serialise it to send it). */
export function chargeSuccess(t: TestApp, fields: TransferFields) {
  return paystackChargeSuccess({
    accountNumber: fields.accountNumber,
    amountKobo: BigInt(fields.amount),
    reference: fields.reference,
    senderName: fields.senderName ?? 'Emeka Okafor',
    senderBank: fields.senderBank ?? 'Guaranty Trust Bank',
    receiverBank: 'Wema Bank',
    paidAt: t.clock.now(),
    id: 1_504_248_187,
  });
}

export const sign = (t: TestApp, body: string | Buffer) => signHmacSha512(t.config.bankWebhookSecret, body);

/** Delivers `body` exactly as given, signed with `signature` (default: the right one). */
export async function deliver(
  t: TestApp,
  body: string,
  signature: string | null = sign(t, body),
): Promise<Reply<Record<string, unknown>>> {
  const response = await t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

let references = 0;
export const newReference = () => `REF${process.pid}${Date.now()}${++references}`;

/**
 * The caller's dedicated accounts. Identity first: a user with no verified identity verifies a
 * NIN of their own name (the simulated provider's), which opens the accounts with every live
 * partner; then create-accounts answers them.
 */
export async function createAccounts(t: TestApp, token: string): Promise<VirtualAccount[]> {
  const status = await t.call<FundingStatus>('/api/funding', { token });
  expect(status.status, status.body.message).toBe(200);
  if (!status.body.data!.identity.bvn && !status.body.data!.identity.nin) {
    const body = { nin: identityNumber(), date_of_birth: SIMULATED_DATE_OF_BIRTH };
    const verified = await t.call<FundingStatus>('/api/funding/identity', { token, body });
    expect(verified.status, verified.body.message).toBe(200);
  }
  const reply = await t.call<VirtualAccount[]>('/api/create-accounts', { token });
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data!;
}

/** Funds through POST /dev/bank/transfer; answers the reply (data.reference is the reference used). */
export function devTransfer(t: TestApp, body: DevBankTransferRequest | Record<string, unknown>) {
  return t.call<DevBankTransferResult>('/dev/bank/transfer', { body });
}

export async function userIdOf(t: TestApp, email: string): Promise<bigint> {
  return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Row counts of every table a credit writes. */
export async function walletRowCounts(t: TestApp) {
  const counts: Record<string, bigint> = {};
  for (const table of [
    'incoming_transfers',
    'transactions',
    'ledger_movements',
    'ledger_entries',
    'notifications',
    'wallets',
    'virtual_accounts',
  ] as const) {
    counts[table] = (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  }
  return counts;
}
