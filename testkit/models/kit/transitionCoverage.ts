import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** Key for one transition definition: "<source id>|<event type>|<index among that event's branches>". */
function keyOf(t: AnyTransitionDefinition): string | null {
  const siblings = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  const index = siblings?.indexOf(t) ?? -1;
  return index < 0 ? null : `${t.source.id}|${t.eventType || 'always'}|${index}`;
}

/**
 * Records which transitions a running actor takes (pass `inspect` to each actor a path runs),
 * so a suite can assert that its generated paths walked every transition the machine declares.
 */
export function createTransitionCoverage(machine: AnyStateMachine) {
  const all = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const branches of node.transitions.values()) branches.forEach((t) => all.add(keyOf(t)!));
    node.always?.forEach((t) => all.add(keyOf(t)!));
  }
  const taken = new Set<string>();
  return {
    inspect(ev: InspectionEvent) {
      if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return;
      for (const t of ev._transitions) {
        const key = keyOf(t);
        if (key) taken.add(key);
      }
    },
    missing: () => [...all].filter((k) => !taken.has(k)),
    all: () => [...all],
  };
}
