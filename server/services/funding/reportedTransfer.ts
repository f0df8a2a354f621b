/**
 * A partner's transfer as the operators' reports show it (`npm run report -- unmatched` and
 * `-- disputed`): what every transfer held back has, read from its row, written in the reports'
 * JSON and tables the same way.
 */
export interface ReportedTransfer {
  provider: string;
  reference: string;
  accountNumber: string;
  amountKobo: bigint;
  receivedAt: Date;
}

interface TransferRow {
  provider: string;
  reference: string;
  account_number: string;
  amount_kobo: bigint;
  received_at: Date;
}

export const reportedTransferOf = (row: TransferRow): ReportedTransfer => ({
  provider: row.provider,
  reference: row.reference,
  accountNumber: row.account_number,
  amountKobo: row.amount_kobo,
  receivedAt: row.received_at,
});

/** Its fields in a report's JSON, the amount in kobo as text (exact); the report adds its own. */
export const reportedTransferJson = (transfer: ReportedTransfer) => ({
  provider: transfer.provider,
  reference: transfer.reference,
  account_number: transfer.accountNumber,
  amount_kobo: transfer.amountKobo.toString(),
});

/** When it came, as a table prints it: UTC to the second, "2026-11-22 13:05:09". */
export const receivedText = (transfer: ReportedTransfer) =>
  transfer.receivedAt.toISOString().slice(0, 19).replace('T', ' ');
