import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '../kit/useFlow';
import { consoleActionMachine } from '../../machines/console/consoleAction';
import type {
  ActionArgs,
  ActionData,
  ActionName,
  ReadArgs,
  ReadData,
  ReadName,
} from '../../machines/console/consoleCalls';
import { consoleRecordMachine } from '../../machines/console/consoleRecord';

/**
 * The console's screens read and act through two machines, each told by name what to call
 * (src/machines/console/consoleCalls.ts): consoleRecord for what a screen shows, consoleAction
 * for what a button does.
 */

export function useRecord<K extends ReadName>(name: K, args: ReadArgs<K>) {
  const actor = useFlow(consoleRecordMachine, { read: name, args });
  const data = useSelector(actor, (snapshot) => snapshot.context.data as ReadData<K> | null);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  return {
    data,
    failed,
    busy,
    /** Reads again, with new arguments when given (a filter). */
    reload: (next?: ReadArgs<K>) => actor.send({ type: 'record.reload', args: next }),
    retry: () => actor.send({ type: 'record.retry' }),
  };
}

export function useAction<K extends ActionName>(
  name: K,
  options: { noteMin?: number; onDone?: (data: ActionData<K>) => void } = {},
) {
  const actor = useFlow(consoleActionMachine, { action: name, noteMin: options.noteMin ?? 0 });
  // The latest callback, without making a new subscription at every render.
  const onDone = useRef(options.onDone);
  useLayoutEffect(() => {
    onDone.current = options.onDone;
  });
  useEffect(() => {
    const subscription = actor.on('action.done', (event) => onDone.current?.(event.data as ActionData<K>));
    return () => subscription.unsubscribe();
  }, [actor]);
  const writing = useSelector(actor, (snapshot) => snapshot.matches('writing'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const note = useSelector(actor, (snapshot) => snapshot.context.note);
  return {
    writing,
    busy,
    note,
    start: (args: ActionArgs<K>) => actor.send({ type: 'action.start', args }),
    setNote: (value: string) => actor.send({ type: 'action.note', value }),
    submit: () => actor.send({ type: 'action.submit' }),
    cancel: () => actor.send({ type: 'action.cancel' }),
  };
}
