import type { ScheduleRunReason } from '../../../core/contract';
import { scheduleRunReasons } from '../../../core/words/schedules';
import { formatNaira, koboToNaira } from '../../../core/money';
import { FAILURES_BEFORE_PAUSE } from '../../../core/schedules';
import { lagosDateTime } from '../../../core/days';
import type { Mail } from '../../gateways/mailer';
import { t } from '../../i18n';
import { receiptMail, type Line } from '../records/receipts';

/**
 * What a schedule tells its owner, in the bell and by e-mail: the day before a run (what it will
 * buy and whether the wallet holds enough), when a run could not happen or was missed (why, and
 * where to fund the wallet and retry in one tap), and when it paused itself. A run that bought
 * says so through the purchase's own notification and e-mailed receipt. Each is said in the language
 * the work speaks: the jobs that send them speak the owner's (inLocale).
 */

export interface Notice {
  notification: { title: string; content: string };
  mail: Mail;
}

/** What a notice needs of the schedule and its owner. */
export interface NoticeSubject {
  scheduleId: bigint;
  name: string;
  beneficiary: string;
  amountKobo: bigint;
  email: string;
}

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));
const footer = () =>
  t(
    /*i18n*/ {
      id: 'schedule.notice.footer',
      message:
        'You authorised this schedule with your transaction pin. Pause, edit or delete it any time on the ' +
        'Schedules page of the app.',
    },
  );

/** The labels of a notice's e-mail lines. */
const label = {
  runsOn: () => t(/*i18n*/ { id: 'schedule.label.runsOn', message: 'Runs on' }),
  amount: () => t(/*i18n*/ { id: 'schedule.label.amount', message: 'Amount' }),
  for: () => t(/*i18n*/ { id: 'schedule.label.for', message: 'For' }),
  balance: () => t(/*i18n*/ { id: 'schedule.label.balance', message: 'Your balance' }),
  fund: () => t(/*i18n*/ { id: 'schedule.label.fund', message: 'Fund your wallet' }),
  change: () => t(/*i18n*/ { id: 'schedule.label.change', message: 'Change or pause it' }),
  wasDue: () => t(/*i18n*/ { id: 'schedule.label.wasDue', message: 'Was due' }),
  why: () => t(/*i18n*/ { id: 'schedule.label.why', message: 'Why' }),
  retry: () => t(/*i18n*/ { id: 'schedule.label.retry', message: 'Retry now' }),
  authorised: () => t(/*i18n*/ { id: 'schedule.label.authorised', message: 'You authorised' }),
  newPrice: () => t(/*i18n*/ { id: 'schedule.label.newPrice', message: 'New price' }),
  accept: () => t(/*i18n*/ { id: 'schedule.label.accept', message: 'Accept the new price' }),
  resume: () => t(/*i18n*/ { id: 'schedule.label.resume', message: 'Resume it' }),
};

/** Links that open the app where the next step is: funding, and the schedule with its Retry now. */
function links(publicUrl: string, subject: NoticeSubject) {
  return { fund: `${publicUrl}/funding`, schedule: `${publicUrl}/schedules?schedule=${subject.scheduleId}` };
}

const what = (subject: NoticeSubject) =>
  t(
    /*i18n*/ { id: 'schedule.notice.what', message: '“{name}” ({amount} for {beneficiary})' },
    {
      name: subject.name,
      amount: naira(subject.amountKobo),
      beneficiary: subject.beneficiary,
    },
  );

/** A due time as the notices write it: the date stays as lagosDateTime writes it. */
const lagosTime = (at: Date) =>
  t(/*i18n*/ { id: 'schedule.notice.lagosTime', message: '{time} (Lagos time)' }, { time: lagosDateTime(at) });

function mailOf(subject: NoticeSubject, title: string, heading: string, lines: Line[]): Mail {
  return receiptMail(subject.email, title, heading, lines, footer());
}

/** The day before a run: the amount, the time, and the balance it needs. */
export function reminderNotice(subject: NoticeSubject, dueAt: Date, balanceKobo: bigint, publicUrl: string): Notice {
  const short = subject.amountKobo > balanceKobo ? subject.amountKobo - balanceKobo : 0n;
  const balance = naira(balanceKobo);
  const need =
    short > 0n
      ? t(
          /*i18n*/ {
            id: 'schedule.notice.fundBefore',
            message: 'Your wallet holds {balance}: fund it with at least {short} before then.',
          },
          { balance, short: naira(short) },
        )
      : t(
          /*i18n*/ { id: 'schedule.notice.enough', message: 'Your wallet holds {balance}, enough for it.' },
          { balance },
        );
  const title = t(
    /*i18n*/ { id: 'schedule.notice.reminderTitle', message: 'Tomorrow: {name}' },
    { name: subject.name },
  );
  const content = t(
    /*i18n*/ { id: 'schedule.notice.reminder', message: '{what} runs on {time}. {need}' },
    {
      what: what(subject),
      time: lagosTime(dueAt),
      need,
    },
  );
  const link = links(publicUrl, subject);
  const lines: Line[] = [
    { label: label.runsOn(), value: lagosTime(dueAt) },
    { label: label.amount(), value: naira(subject.amountKobo) },
    { label: label.for(), value: subject.beneficiary },
    { label: label.balance(), value: balance },
    ...(short > 0n ? [{ label: label.fund(), value: link.fund }] : []),
    { label: label.change(), value: link.schedule },
  ];
  const mailSubject = t(
    /*i18n*/ { id: 'schedule.notice.reminderSubject', message: 'Tomorrow: {name} ({amount})' },
    {
      name: subject.name,
      amount: naira(subject.amountKobo),
    },
  );
  return { notification: { title, content }, mail: mailOf(subject, mailSubject, title, lines) };
}

/** What the owner can do about a run that did not buy, in the bell, the e-mail and on /schedules. */
export function nextStep(reason: ScheduleRunReason): string {
  switch (reason) {
    case 'insufficient-balance':
      return t(/*i18n*/ { id: 'schedule.next.fund', message: 'Fund your wallet, then tap Retry now on Schedules.' });
    case 'missed':
      return t(/*i18n*/ { id: 'schedule.next.missed', message: 'Tap Retry now on Schedules to make it now.' });
    case 'product-paused':
      return t(
        /*i18n*/ {
          id: 'schedule.next.productPaused',
          message: 'Tap Retry now on Schedules once it is back, or edit the schedule to choose another provider.',
        },
      );
    case 'not-available':
      return t(/*i18n*/ { id: 'schedule.next.notAvailable', message: 'Edit the schedule to choose what is sold now.' });
    case 'price-changed':
      return t(
        /*i18n*/ {
          id: 'schedule.next.priceChanged',
          message: 'Accept the new price with your pin on Schedules to keep it running.',
        },
      );
    case 'pin-locked':
      return t(
        /*i18n*/ {
          id: 'schedule.next.pinLocked',
          message: 'Reset your transaction pin, then tap Retry now on Schedules.',
        },
      );
    case 'account-locked':
      return t(
        /*i18n*/ {
          id: 'schedule.next.accountLocked',
          message: 'Once your account is unlocked, authorise the schedule again on Schedules.',
        },
      );
    default:
      return t(/*i18n*/ { id: 'schedule.next.sorted', message: 'Tap Retry now on Schedules once it is sorted.' });
  }
}

/** A run that could not happen, why, and the one tap that mends it: fund and retry (or, for a new price, accept it). */
export function failureNotice(
  subject: NoticeSubject,
  dueAt: Date,
  reason: ScheduleRunReason,
  detail: string,
  publicUrl: string,
): Notice {
  const link = links(publicUrl, subject);
  const why = reason === 'refused' ? detail : t(scheduleRunReasons[reason]);
  const next = nextStep(reason);
  const title =
    reason === 'missed'
      ? t(/*i18n*/ { id: 'schedule.notice.missedTitle', message: 'Missed: {name}' }, { name: subject.name })
      : t(/*i18n*/ { id: 'schedule.notice.failedTitle', message: 'Could not run: {name}' }, { name: subject.name });
  const content = t(
    /*i18n*/ { id: 'schedule.notice.failed', message: '{what}, due {due}: nothing was bought because {why}. {next}' },
    { what: what(subject), due: lagosDateTime(dueAt), why, next },
  );
  const lines: Line[] = [
    { label: label.wasDue(), value: lagosTime(dueAt) },
    { label: label.amount(), value: naira(subject.amountKobo) },
    { label: label.why(), value: why },
    ...(reason === 'insufficient-balance' ? [{ label: label.fund(), value: link.fund }] : []),
    { label: label.retry(), value: link.schedule },
  ];
  return { notification: { title, content }, mail: mailOf(subject, title, title, lines) };
}

/** The price rose above what was authorised: paused until the new price is accepted with the pin. */
export function priceNotice(subject: NoticeSubject, newPriceKobo: bigint | null, publicUrl: string): Notice {
  const link = links(publicUrl, subject);
  const values = { what: what(subject), authorised: naira(subject.amountKobo) };
  const title = t(
    /*i18n*/ { id: 'schedule.notice.priceTitle', message: 'Price changed: {name} paused' },
    {
      name: subject.name,
    },
  );
  const content =
    newPriceKobo === null
      ? t(
          /*i18n*/ {
            id: 'schedule.notice.priceRose',
            message:
              '{what} now costs more, above the {authorised} you authorised, so it was not bought and the ' +
              'schedule is paused. Accept the new price with your pin on Schedules to keep it running.',
          },
          values,
        )
      : t(
          /*i18n*/ {
            id: 'schedule.notice.priceNow',
            message:
              '{what} now costs {price}, above the {authorised} you authorised, so it was not bought and the ' +
              'schedule is paused. Accept the new price with your pin on Schedules to keep it running.',
          },
          { ...values, price: naira(newPriceKobo) },
        );
  const lines: Line[] = [
    { label: label.authorised(), value: naira(subject.amountKobo) },
    ...(newPriceKobo === null ? [] : [{ label: label.newPrice(), value: naira(newPriceKobo) }]),
    { label: label.accept(), value: link.schedule },
  ];
  return { notification: { title, content }, mail: mailOf(subject, title, title, lines) };
}

/** Three runs in a row could not happen: the schedule paused itself. */
export function pausedNotice(subject: NoticeSubject, publicUrl: string): Notice {
  const link = links(publicUrl, subject);
  const title = t(
    /*i18n*/ { id: 'schedule.notice.pausedTitle', message: 'Schedule paused: {name}' },
    {
      name: subject.name,
    },
  );
  const content = t(
    /*i18n*/ {
      id: 'schedule.notice.paused',
      message:
        '{what} was paused after {count} runs in a row could not happen. Nothing more will be bought until you ' +
        'resume it on Schedules.',
    },
    { what: what(subject), count: String(FAILURES_BEFORE_PAUSE) },
  );
  return {
    notification: { title, content },
    mail: mailOf(subject, title, title, [{ label: label.resume(), value: link.schedule }]),
  };
}
