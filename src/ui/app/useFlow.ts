import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom } from 'xstate';
import type { FlowEmitted } from '../../machines/effects';
import { getInspect } from './inspector';
import { showToast } from './toaster';

/**
 * Runs a flow machine for the lifetime of a screen and performs what it emits: toasts and
 * navigation. The machine decides; this hook only carries the decisions out.
 */
export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, input?: InputFrom<TMachine>): Actor<TMachine> {
  const navigate = useNavigate();
  const actor = useActorRef(machine, { input, inspect: getInspect() });
  useEffect(() => performEffects(actor, navigate), [actor, navigate]);
  return actor;
}

/** Subscribes to an actor's emitted effects; returns the unsubscribe. */
export function performEffects(actor: { on: Actor<AnyStateMachine>['on'] }, navigate: (to: string) => unknown): () => void {
  const subscriptions = [
    actor.on('toast', (e: FlowEmitted) => e.type === 'toast' && showToast(e.level, e.message)),
    actor.on('navigate', (e: FlowEmitted) => e.type === 'navigate' && navigate(e.to)),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}
