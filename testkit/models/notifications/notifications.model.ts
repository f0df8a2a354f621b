import type { Envelope } from '../../../core/contract';
import { notificationsMachine } from '../../../src/machines/notifications/notifications';
import { adaSignedIn, walletFunded } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

const marked: Envelope = { type: 'success', message: 'notification marked as read' };
const notFound = 'notification not found';

export const notificationsModel: MachineModel = defineModel({
  name: 'notifications',
  machine: notificationsMachine,
  model: createActorTestModel(notificationsMachine, [
    { type: 'notifications.mark', id: walletFunded.id },
    { type: 'xstate.done.actor.markNotification', output: marked },
    { type: 'xstate.error.actor.markNotification', error: notFound },
  ]),
  transitions: 4,
  traversals: [
    {
      label: 'signed in',
      options: { input: { session: createTestSession(adaSignedIn).actor }, serializeState: serializeTransitionTaken },
    },
  ],
  words: {
    'xstate.done.actor.sessionRefresh': () => 'the session answers: the list is fresh',
    'xstate.done.actor.markNotification': (event) =>
      `the mark-as-read call answers: ${(event.output as Envelope).message}`,
  },
});
