const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * How long ago `then` was, in the largest whole unit of days, hours, minutes or seconds (singular
 * for one, plural otherwise): '1 day ago', '3 hours ago', '1 minute ago', '5 seconds ago'. A time
 * ahead of `now` (a phone clock running slow) reads '0 seconds ago'; an unreadable date reads ''.
 */
export function relativeTime(then: string | number | Date, now: number | Date): string {
  const from = new Date(then).getTime();
  const to = new Date(now).getTime();
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  const seconds = Math.max(0, Math.floor((to - from) / 1000));
  const [unit, size] = UNITS.find(([, length]) => seconds >= length) ?? UNITS[UNITS.length - 1];
  const count = Math.floor(seconds / size);
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
