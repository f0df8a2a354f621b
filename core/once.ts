/**
 * A value made on its first use and kept. For the Intl formatters: making one reads the locale's
 * data, about the costliest thing a module can do while a page starts, so a module that makes
 * its formatter only when something is first formatted costs the page's start nothing.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
