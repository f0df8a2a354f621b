import { assign, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { UserData } from '../../../core/contract';
import { SESSION_EXPIRED } from '../../../core/words/session';
import { emptyUser, toSessionUser } from '../../../src/domain/account/user';
import { SessionLapsed, sessionMachine, type PollResult, type SessionInput } from '../../../src/machines/app/session';
import { walletFunded as unread } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';

// The poll invoke has no id of its own; xstate names it after its state node.
export const POLL = '0.session.signedIn.polling';
export const AFTER_INTERVAL = 'xstate.after.pollInterval.session.signedIn.waiting';

export const EXPIRED = SESSION_EXPIRED;
export const signedInUser = toSessionUser({
  name: 'Ada Obi',
  email: 'ada@example.com',
  token: 'stored-token',
  email_verified_at: '2025-01-01',
});
export const loginData: Partial<UserData> = {
  name: 'Chidi Okeke',
  email: 'chidi@example.com',
  token: 'fresh-token',
  pin: 'set',
  pin_attempts: 1,
  max_attempts: 5,
  pin_locked: false,
};
/** Each poll brings the server's wrong-pin count: shared by every screen, tab and reload. */
export const polled: PollResult = {
  user: { wallet_balance: 5000, pin_attempts: 2, max_attempts: 3, pin_locked: true },
  providers: { airtime: [{ id: 1, name: 'MTN', packages: [], paused: null }] },
  notifications: [unread],
};

const model = createActorTestModel(sessionMachine, [
  // The app starts on '/', a public route; '/dashboard' is protected.
  { type: 'session.route', pathname: '/dashboard' },
  { type: 'loading.set', value: true },
  { type: 'notification.read', id: unread.id },
  // The list on /activities heard that more pages lie behind its page.
  { type: 'pagination.reveal', more: true },
  { type: 'session.login', data: loginData },
  { type: 'session.update', data: { name: 'Ada Okafor', phone: '08031234567' } },
  { type: `xstate.done.actor.${POLL}`, output: polled },
  // Any call, polled or not, answering that the session is gone (the http layer reports it).
  { type: 'session.refused', message: EXPIRED },
  { type: `xstate.error.actor.${POLL}`, error: 'Failed to fetch' },
  // Offline, and the session's end by the server's rules has passed meanwhile.
  { type: `xstate.error.actor.${POLL}`, error: new SessionLapsed() },
  // The app's first frame is hydrated: the stored user is read.
  { type: 'session.restore' },
]);

/** The app's session, whose storage holds `signedInUser` (the suite provides the same `restoreUser`). */
export const readsSignedInUser = sessionMachine.provide({
  actions: { restoreUser: assign({ user: signedInUser, restored: true }) },
});
const restoredModel = createActorTestModel(readsSignedInUser, [{ type: 'session.restore' }]);
/** The app's session, whose storage holds `signedInUser` with a session that ended while the app was closed. */
export const readsLapsedUser = sessionMachine.provide({
  actions: { restoreUser: assign({ user: signedInUser, restored: true, lapsed: true }) },
});
const lapsedModel = createActorTestModel(readsLapsedUser, [{ type: 'session.restore' }]);

/** The shared-state events change one flag each and are walked on their own. */
const SHARED_STATE = ['loading.set', 'balance.toggle', 'notification.read', 'pagination.reveal', 'pagination.reset'];
/** The page hidden and shown: walked with the polls they pause, not with every way in and out. */
const PAGE = ['page.hide', 'page.show'];
const lifecycleEvents = (_: AnyMachineSnapshot, event: AnyEventObject) =>
  !SHARED_STATE.includes(event.type) && !PAGE.includes(event.type);
/** The polls' own steps beside the page's: answered, failed, the wait, a refresh asked for. */
const POLL_STEPS = [`xstate.done.actor.${POLL}`, AFTER_INTERVAL, 'session.refresh'];
const pageEvents = (_: AnyMachineSnapshot, event: AnyEventObject) =>
  PAGE.includes(event.type) ||
  POLL_STEPS.includes(event.type) ||
  (event.type === `xstate.error.actor.${POLL}` && !((event as { error?: unknown }).error instanceof SessionLapsed));
// Notifications arrive with the first poll; later polls bring nothing new to mark.
const sharedStateEvents = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  SHARED_STATE.includes(event.type) ||
  (event.type === `xstate.done.actor.${POLL}` && snapshot.context.notifications.length === 0);

/**
 * How a traversal's session starts: with a user given, or (the app) reading the stored one on
 * `session.restore` — `storedLapsed` when that stored session has ended.
 */
export type SessionStart = SessionInput & { pathname: string; storedLapsed?: boolean };

export const signedIn: SessionStart = { user: signedInUser, pathname: '/' };
const signedOut: SessionStart = { user: emptyUser, pathname: '/' };
/** The app's start: no user until the first frame is hydrated; storage then holds `signedInUser`. */
export const prerendered: SessionStart = { pathname: '/', deferRestore: true };
const prerenderedLapsed: SessionStart = { ...prerendered, storedLapsed: true };

/** The stored user and route a traversal's session starts with. */
export const startOf = (traversal: Traversal) => traversal.options.input as SessionStart;

export const sessionModel: MachineModel = defineModel({
  name: 'session',
  machine: sessionMachine,
  model,
  transitions: 25,
  traversals: [
    {
      label: 'signing in and out, polling',
      options: { input: signedIn, filterEvents: lifecycleEvents, serializeState: serializeTransitionTaken },
    },
    {
      label: 'the page hidden and shown: no poll while hidden, one when shown',
      options: { input: signedIn, filterEvents: pageEvents, serializeState: serializeTransitionTaken },
    },
    {
      label: 'shared state',
      options: { input: signedIn, filterEvents: sharedStateEvents, serializeState: serializeTransitionTaken },
    },
    {
      label: 'starting without a stored token',
      options: { input: signedOut, toState: (s) => s.matches('signedOut'), stopWhen: () => true },
    },
    {
      label: 'starting from a prerendered page, storage read once hydrated',
      model: restoredModel,
      options: {
        input: prerendered,
        filterEvents: (_, event) => event.type === 'session.restore',
        toState: (s) => s.matches('signedIn'),
        stopWhen: (s) => s.matches('signedIn'),
      },
    },
    {
      label: 'starting from a prerendered page whose stored session ended while the app was closed',
      model: lapsedModel,
      options: {
        input: prerenderedLapsed,
        filterEvents: (_, event) => event.type === 'session.restore',
        toState: (s) => s.matches('signedOut'),
        stopWhen: (s) => s.matches('signedOut'),
      },
    },
  ],
  words: {
    [`xstate.done.actor.${POLL}`]: () => 'the poll answers: the balance, the pin count, providers and notifications',
    [`xstate.error.actor.${POLL}`]: (event) =>
      event.error instanceof SessionLapsed
        ? "the poll reaches no server, past the session's end"
        : `the poll fails: ${String(event.error)}`,
  },
});
