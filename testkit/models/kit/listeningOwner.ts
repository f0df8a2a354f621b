import { createActor, fromCallback, type AnyEventObject } from 'xstate';

/** An actor that only listens, standing in for the flow that owns a child machine: `heard` is what the child reported. */
export function listeningOwner<TReport extends AnyEventObject>() {
  const heard: TReport[] = [];
  const actor = createActor(
    fromCallback<AnyEventObject>(({ receive }) => receive((event) => void heard.push(event as TReport))),
  ).start();
  return { actor, heard };
}
