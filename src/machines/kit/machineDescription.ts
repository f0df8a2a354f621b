/**
 * The one-liners of a machine's page in docs/machines (`npm run machines:docs`): what the machine
 * is, and what each of its events, guards, actions, actors and delays is, by the name it has in
 * the machine's `setup()` and transitions. scripts/machines-docs.ts fails on a name without one.
 */
export interface MachineDescription {
  summary: string;
  events: Record<string, string>;
  guards: Record<string, string>;
  actions: Record<string, string>;
  actors: Record<string, string>;
  delays: Record<string, string>;
}

/** The effects every flow machine spreads into its actions (src/machines/kit/effects.ts). */
export const effectActions: Record<string, string> = {
  toast: 'Emits a toast (success, error or info) for the view to show.',
  navigate: 'Emits a navigation to a route for the view to perform.',
  redirect: "Emits a redirect to another site's page (a partner's checkout) for the view to perform.",
};
