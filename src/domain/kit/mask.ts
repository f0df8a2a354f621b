/** How many trailing digits of a confidential number stay readable once it is saved. */
const VISIBLE_DIGITS = 4;
const MASK = '•';

/** The digits of a BVN or NIN that may be shown: the last four, or none of a value too short to hide anything else. */
export function visibleDigits(value: string): string {
  const trimmed = value.trim();
  return trimmed.length > VISIBLE_DIGITS ? trimmed.slice(-VISIBLE_DIGITS) : '';
}

/**
 * A BVN or NIN as the UI shows it after entry: all but the visible digits masked, since a BVN is
 * confidential (docs/domain.md, "Identity numbers").
 */
export function maskId(value: string): string {
  const shown = visibleDigits(value);
  return MASK.repeat(value.trim().length - shown.length) + shown;
}
