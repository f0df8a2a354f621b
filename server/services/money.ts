/**
 * Naira for the API from kobo in the database. Dividing an exact integer by 100 yields the
 * double nearest the decimal value, which JSON prints as that decimal (12345n → 123.45).
 */
export function koboToNaira(kobo: bigint): number {
  if (kobo > BigInt(Number.MAX_SAFE_INTEGER) || kobo < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('amount too large to send as a JSON number');
  }
  return Number(kobo) / 100;
}
