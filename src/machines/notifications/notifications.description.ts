import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/notifications/notifications.ts in docs/machines. */
export default {
  summary: '/notification: refreshes the session’s list on opening, marks one notification as read at a time.',
  events: {
    'notifications.mark': 'A tap on an unread notification.',
  },
  guards: {},
  actions: {
    markRead: 'Marks the notification read in the session’s copy.',
    setMarking: 'Notes which notification is being marked.',
    clearMarking: 'Forgets it once the answer is in.',
  },
  actors: {
    sessionRefresh: 'Asks the session for a fresh poll and waits for it (on a page just opened, for its first).',
    markNotification: 'Tells the server the notification was read.',
  },
  delays: {},
} satisfies MachineDescription;
