/**
 * Reads until the answer is the one awaited (a webhook handled, a job's run, a server up): the
 * event, not a time. expect.poll does this inside a test; this is for where it may not run (a
 * hook, a helper) or where the answer itself is needed. Throws with the last answer, and
 * `context()` when given (a server's output), after `timeoutMs`.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  {
    timeoutMs = 10_000,
    intervalMs = 50,
    context,
  }: { timeoutMs?: number; intervalMs?: number; context?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `still not there after ${timeoutMs} ms: ${JSON.stringify(value)}${context ? `\n${context()}` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
