import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type InputFrom } from 'xstate';
import type { FlowEmitted } from '../../machines/effects';
import { getInspect } from './inspector';
import { startSoon } from './hydration';
import { showToast } from './toaster';

/**
 * Runs a flow machine for the lifetime of a screen and performs what it emits: toasts,
 * navigation, and leaving for another site's page (a partner's checkout). The machine decides;
 * this hook only carries the decisions out.
 */
export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, input?: InputFrom<TMachine>): Actor<TMachine> {
  const navigate = useNavigate();
  const actor = useStartedActor(machine, { input, inspect: getInspect() });
  useEffect(() => performEffects(actor, navigate), [actor, navigate]);
  return actor;
}

/**
 * An actor of `machine` for the component's lifetime, as @xstate/react's useActorRef makes one,
 * but started in a task of its own when the component mounts with a hydrated page (see
 * hydration.ts). Its snapshot is readable at once, and events sent before the start wait in its
 * mailbox.
 */
export function useStartedActor<TMachine extends AnyStateMachine>(machine: TMachine, options: ActorOptions<TMachine>): Actor<TMachine> {
  const [actor] = useState(() => createActor(machine, options));
  useEffect(() => {
    const cancel = startSoon(() => actor.start());
    return () => {
      cancel();
      actor.stop();
    };
  }, [actor]);
  return actor;
}

/** Subscribes to an actor's emitted effects; returns the unsubscribe. */
export function performEffects(actor: { on: Actor<AnyStateMachine>['on'] }, navigate: (to: string) => unknown, leave: (url: string) => void = (url) => window.location.assign(url)): () => void {
  const subscriptions = [
    actor.on('toast', (e: FlowEmitted) => e.type === 'toast' && showToast(e.level, e.message)),
    actor.on('navigate', (e: FlowEmitted) => e.type === 'navigate' && navigate(e.to)),
    actor.on('redirect', (e: FlowEmitted) => e.type === 'redirect' && leave(e.url)),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}
