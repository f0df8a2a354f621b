import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/schedules/schedules.ts in docs/machines. */
export default {
  summary:
    '/schedules: the user’s schedules (loading, the list, or a message and Try again) and one step at a ' +
    'time on them: a form whose save joins the list, pause, resume, Retry now, delete after asking, and ' +
    'with the pin (or the passkey the pin dialog offers first where this device holds one) a new price ' +
    'accepted or a schedule paused by the account’s recovery authorised again.',
  events: {
    'schedules.retry': '“Try again” after the list failed to load.',
    'schedule.new': '“New schedule”: opens an empty form.',
    'schedule.edit': '“Edit”: opens the form on a schedule.',
    'schedule.act': '“Pause”, “Resume” or “Retry now” on a schedule.',
    'schedule.delete': '“Delete” on a schedule: asks first.',
    'delete.confirm': 'Confirms the deletion.',
    'delete.cancel': 'Keeps the schedule.',
    'schedule.acceptPrice': '“Accept new price” on a schedule paused for its price: opens the pin dialog.',
    'schedule.authorise':
      '“Authorise again” on a schedule paused when the account was recovered: opens the pin dialog.',
    'form.saved': 'The form’s report: the schedule saved.',
    'form.closed': 'The form’s report: closed without saving.',
    'pin.accepted': 'The pin dialog’s report: the four digits typed, or a passkey’s answer in their place.',
    'pin.cancelled': 'The pin dialog’s report: cancelled.',
  },
  guards: {
    opensForm: 'The page was opened to make a schedule (Repeat this, Schedule this).',
    known: 'The schedule is in the list.',
    succeeded: 'Accepting the price, or authorising again, answered success.',
    pinRefused:
      'Accepting the price or authorising again refused the pin (or the passkey, counted as a pin) for a reason ' +
      '(incorrect, locked, logout).',
  },
  actions: {
    keepList: 'Keeps the loaded list.',
    keepSchedule: 'Puts the answered schedule in the list, replacing the one with its id.',
    dropSchedule: 'Takes the deleted schedule out of the list.',
    target: 'Keeps which schedule the step is about.',
    keepStep: 'Keeps what the pin is for: the new price, or the schedule again after a recovery.',
    untarget: 'Forgets it once the step is over.',
    openForm: 'Spawns the schedule form (new, repeat or edit).',
    stopForm: 'Stops the form.',
    forgetForm: 'Forgets the stopped form.',
    openPin: 'Opens the pin dialog.',
    keepPin: 'Keeps the pin, or the passkey’s answer, for the one acceptance or authorisation it is for.',
    forgetPin: 'Forgets the pin or the passkey’s answer once that call has answered.',
    refreshSession: 'Asks the session to fetch the user again (the balance may have changed).',
    countWrongPin: 'The server’s wrong-pin count becomes the session’s.',
    lockPurchases: 'Marks purchases locked in the session (the pin must be reset).',
    logout: 'Logs the session out (the server ended it after too many wrong pins).',
  },
  actors: {
    pinDialog: 'The pin dialog, spawned for the screen’s life.',
    scheduleForm: 'The schedule form, spawned while it is open.',
    list: 'Fetches the user’s schedules.',
    act: 'Pauses, resumes, retries or deletes a schedule.',
    authorise:
      'Accepts a schedule’s new price, or authorises a schedule paused by a recovery again, with the pin or a passkey.',
  },
  delays: {},
} satisfies MachineDescription;
