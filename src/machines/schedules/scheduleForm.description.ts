import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/schedules/scheduleForm.ts in docs/machines. */
export default {
  summary:
    'A schedule’s form (new, Repeat this, edit): a repeated purchase’s product loaded first, the fields ' +
    'checked in order, a cable renewal’s smartcard verified, then the pin dialog and the save the pin ' +
    'authorises; it reports the saved schedule or its closing.',
  events: {
    'form.set':
      'Typing a field with no rule of its own: the name, plan, date, weekday, day of the month, days ' +
      'before, time, number of runs or end date.',
    'form.service': 'Choosing the service (clears the product).',
    'form.provider': 'Choosing the provider (clears the plan and the verified smartcard).',
    'form.beneficiary': 'Typing the number, as the service’s rule lets it be typed.',
    'form.amount': 'Typing the amount (digits and two decimals).',
    'form.frequency': 'Choosing how often: once, daily, weekly, monthly or before the due date.',
    'form.end': 'Choosing when it ends: never, after a number of runs, on a day.',
    'form.verify': '“Verify smartcard”: its due date and renewal amount.',
    'form.submit': '“Save schedule”: checks the form, verifies first where it must, then asks for the pin.',
    'form.cancel': 'Closes the form.',
    'pin.accepted': 'The pin dialog’s report: the four digits typed.',
    'pin.cancelled': 'The pin dialog’s report: cancelled.',
  },
  guards: {
    repeating: 'The form repeats a completed purchase, whose product must be loaded first.',
    invalid: 'The form breaks a rule (validateSchedule).',
    awaitsVerification: 'All is right but the smartcard in the field is not verified yet.',
    verifiable: 'A provider and a number are there to verify.',
    succeeded: 'The save answered success.',
    pinRefused: 'The save refused the pin for the given reason (incorrect, locked, logout).',
  },
  actions: {
    useDraft: 'Fills the form with the purchase’s product, monthly on today’s day.',
    setField: 'Keeps a typed field.',
    setService: 'Keeps the service and starts its product again.',
    setProvider: 'Keeps the provider, clears the plan and the verified smartcard.',
    setBeneficiary: 'Keeps the number as the service’s rule lets it be typed.',
    setAmount: 'Keeps the amount (digits and two decimals).',
    setFrequency: 'Keeps how often it runs.',
    setEnd: 'Keeps when it ends.',
    keepRenewal: 'Keeps the verified smartcard (due date, renewal amount) and its amount.',
    openPin: 'Opens the pin dialog.',
    keepPin: 'Keeps the pin for the one save it authorises.',
    forgetPin: 'Forgets the pin once the save has answered.',
    reportSaved: 'Tells the Schedules screen the saved schedule.',
    reportClosed: 'Tells the Schedules screen the form closed.',
    countWrongPin: 'The server’s wrong-pin count becomes the session’s.',
    lockPurchases: 'Marks purchases locked in the session (the pin must be reset).',
    logout: 'Logs the session out (the server ended it after too many wrong pins).',
  },
  actors: {
    pinDialog: 'The pin dialog, spawned for the form’s life.',
    loadDraft: 'Asks the server what a completed purchase would repeat.',
    verifyRenewal: 'Verifies the smartcard: the holder, its due date and renewal amount.',
    save: 'Creates or updates the schedule with the pin.',
  },
  delays: {},
} satisfies MachineDescription;
