const naira = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₦ with two decimals and thousands separators (SPEC.md §9): 1234.5 → "₦1,234.50". */
export function formatNaira(amount: number | string | ''): string {
  const value = typeof amount === 'number' ? amount : Number(amount || 0);
  return `₦${naira.format(Number.isFinite(value) ? value : 0)}`;
}
