import { startTransition, useEffect, useState } from 'react';
import { inNextTask } from '../../../core/nextTask';

/**
 * Whether a part of a screen that waits for `ready` is drawn yet: true `tasks` tasks after `ready`
 * became true, drawn in a transition, false again as soon as `ready` is. A screen that opens several
 * such parts at once (each with its own machine to start and its own elements to lay out) would
 * open them in one task, a long one on a slow phone; each a task apart, they leave a tap room
 * between them.
 */
export function useShownLater(ready: boolean, tasks: number): boolean {
  if (!Number.isInteger(tasks) || tasks < 1) throw new Error(`useShownLater waits 1 task or more, not ${tasks}`);
  const [shown, setShown] = useState(false);
  // Hidden as it stops being ready (state adjusted while drawing, as React allows): ready again,
  // it waits its tasks again.
  if (!ready && shown) setShown(false);
  useEffect(() => {
    if (!ready) return undefined;
    let cancel = (): void => undefined;
    const wait = (left: number): void => {
      cancel = inNextTask(() => (left > 1 ? wait(left - 1) : startTransition(() => setShown(true))));
    };
    wait(tasks);
    return () => cancel();
  }, [ready, tasks]);
  return ready && shown;
}
