import { createActor } from 'xstate';
import { appUpdateMachine } from '../../machines/app/appUpdate';
import { provideAppUpdate } from './appUpdateStore';
import { getInspect } from './inspector';

/**
 * Starts the appUpdate machine on a version the service worker has installed: announced, applied by
 * `apply` when the user asks.
 */
export function announceUpdate(apply: () => void): void {
  const actor = createActor(appUpdateMachine, { inspect: getInspect() }).start();
  actor.on('reload', apply);
  actor.send({ type: 'update.found' });
  provideAppUpdate(actor);
}
