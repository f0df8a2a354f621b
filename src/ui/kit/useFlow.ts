import { startTransition, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type InputFrom } from 'xstate';
import type { FlowEmitted } from '../../machines/kit/effects';
import { getInspect } from '../app/inspector';
import { startSoon } from '../app/hydration';
import { showToast } from './toaster';

/**
 * Runs a flow machine for the lifetime of a screen and performs what it emits: toasts,
 * navigation, and leaving for another site's page (a partner's checkout). The machine decides;
 * this hook only carries the decisions out. A new `generation` starts a fresh actor of the
 * machine (useStartedActor).
 */
export function useFlow<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input?: InputFrom<TMachine>,
  generation?: string,
): Actor<TMachine> {
  const navigate = useNavigate();
  const actor = useStartedActor(machine, { input, inspect: getInspect() }, generation);
  useEffect(() => performEffects(actor, navigate), [actor, navigate]);
  return actor;
}

/**
 * An actor of `machine` for the component's lifetime, as @xstate/react's useActorRef makes one,
 * but started as the component's HTML becomes React's (a layout effect, or the task after it on a
 * page being hydrated), not after its effects: nothing typed in between is lost, as what is sent
 * to it before it runs waits for it. When `generation` changes, the actor is stopped and a fresh
 * one made from `options` as they are then, under the same view: a form the prerendered frame drew
 * empty gets the machine of the stored user without its page being drawn again (a key on the view
 * would rebuild its elements, a long piece of work on a slow phone).
 */
export function useStartedActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ActorOptions<TMachine>,
  generation?: string,
): Actor<TMachine> {
  const [made, setMade] = useState(() => ({ generation, actor: createActor(machine, options) }));
  let { actor } = made;
  if (made.generation !== generation) {
    // Made while rendering, as React allows for state derived from props: nothing runs until
    // the effect below starts it.
    actor = createActor(machine, options);
    setMade({ generation, actor });
  }
  useLayoutEffect(() => {
    // While a page is hydrated every screen's machines would start in the one task that commits
    // it; each starts in a task of its own instead. What is sent to it meanwhile waits in its
    // mailbox and is taken, in order, as it starts.
    return startSoon(
      () => actor.start(),
      () => actor.stop(),
    );
  }, [actor]);
  return actor;
}

/** Subscribes to an actor's emitted effects; returns the unsubscribe. */
export function performEffects(
  actor: { on: Actor<AnyStateMachine>['on'] },
  navigate: (to: string) => unknown,
  leave: (url: string) => void = (url) => window.location.assign(url),
): () => void {
  const subscriptions = [
    actor.on('toast', (e: FlowEmitted) => e.type === 'toast' && showToast(e.level, e.message)),
    actor.on('navigate', (e: FlowEmitted) => e.type === 'navigate' && navigate(e.to)),
    actor.on('redirect', (e: FlowEmitted) => e.type === 'redirect' && leave(e.url)),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}

/** What useSliceInTransition reads an actor through. */
interface Observed<S> {
  getSnapshot(): S;
  subscribe(observer: () => void): { unsubscribe(): void };
}

/**
 * A view's slice of an actor's state, drawn again only when it changes, and in a transition: an
 * answer arriving (a page of transactions, a poll) redraws much of a screen, and drawn in one
 * piece, as @xstate/react's useSelector draws an external store's change, that is a long task on
 * a slow phone; in a transition React draws it in slices that leave a tap room between them. For
 * what a tap changes (a dialog opening) useSelector stays right: that is drawn at once. Given
 * `drawnWith` (the snapshot a page's HTML was drawn with, while the page is hydrated), the slice
 * is read from it until the live one differs.
 */
export function useSliceInTransition<S, T>(
  actor: Observed<S>,
  selector: (snapshot: S) => T,
  compare: (a: T, b: T) => boolean = Object.is,
  drawnWith?: S,
): T {
  // Live once it has been drawn again for a change.
  const [redraws, redraw] = useReducer((count: number) => count + 1, 0);
  const slice = selector(redraws > 0 || !drawnWith ? actor.getSnapshot() : drawnWith);
  const latest = useRef([selector, compare, slice] as const);
  useLayoutEffect(() => {
    latest.current = [selector, compare, slice];
  });
  useEffect(() => {
    const check = () => {
      const [select, same, shown] = latest.current;
      if (same(shown, select(actor.getSnapshot()))) return;
      startTransition(redraw);
    };
    // What changed between the render and now (the actor started meanwhile), then every change.
    check();
    const subscription = actor.subscribe(check);
    return () => subscription.unsubscribe();
  }, [actor]);
  return slice;
}
