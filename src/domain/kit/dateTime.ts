/** The months as en-NG writes them short (CLDR's English outside the US: "Sept", not "Sep"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A transaction's date as people read it on a statement, in the phone's own time: "21 Nov 2026,
 * 10:00"; '' when unreadable. Written out here as Intl.DateTimeFormat('en-NG', { dateStyle:
 * 'medium', timeStyle: 'short' }) writes it (a test holds the two together), because the first
 * Intl formatter a page makes costs it about 15 ms while it starts, inside the render of the
 * first row of a list.
 */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return `${day}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
