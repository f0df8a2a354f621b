import type { ScheduleRunReason } from '../../../core/contract';
import { scheduleRunReasons } from '../../../core/words/schedules';
import { formatNaira, koboToNaira } from '../../../core/money';
import { FAILURES_BEFORE_PAUSE } from '../../../core/schedules';
import { lagosDateTime } from '../../../core/days';
import type { Mail } from '../../gateways/mailer';
import { receiptMail, type Line } from '../records/receipts';

/**
 * What a schedule tells its owner, in the bell and by e-mail: the day before a run (what it will
 * buy and whether the wallet holds enough), when a run could not happen or was missed (why, and
 * where to fund the wallet and retry in one tap), and when it paused itself. A run that bought
 * says so through the purchase's own notification and e-mailed receipt.
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
const FOOTER =
  'You authorised this schedule with your transaction pin. Pause, edit or delete it any time on the ' +
  'Schedules page of the app.';

/** Links that open the app where the next step is: funding, and the schedule with its Retry now. */
function links(publicUrl: string, subject: NoticeSubject) {
  return { fund: `${publicUrl}/funding`, schedule: `${publicUrl}/schedules?schedule=${subject.scheduleId}` };
}

const what = (subject: NoticeSubject) => `“${subject.name}” (${naira(subject.amountKobo)} for ${subject.beneficiary})`;

function mailOf(subject: NoticeSubject, title: string, heading: string, lines: Line[]): Mail {
  return receiptMail(subject.email, title, heading, lines, FOOTER);
}

/** The day before a run: the amount, the time, and the balance it needs. */
export function reminderNotice(subject: NoticeSubject, dueAt: Date, balanceKobo: bigint, publicUrl: string): Notice {
  const short = subject.amountKobo > balanceKobo ? subject.amountKobo - balanceKobo : 0n;
  const need =
    short > 0n
      ? `Your wallet holds ${naira(balanceKobo)}: fund it with at least ${naira(short)} before then.`
      : `Your wallet holds ${naira(balanceKobo)}, enough for it.`;
  const title = `Tomorrow: ${subject.name}`;
  const content = `${what(subject)} runs on ${lagosDateTime(dueAt)} (Lagos time). ${need}`;
  const link = links(publicUrl, subject);
  const lines: Line[] = [
    { label: 'Runs on', value: `${lagosDateTime(dueAt)} (Lagos time)` },
    { label: 'Amount', value: naira(subject.amountKobo) },
    { label: 'For', value: subject.beneficiary },
    { label: 'Your balance', value: naira(balanceKobo) },
    ...(short > 0n ? [{ label: 'Fund your wallet', value: link.fund }] : []),
    { label: 'Change or pause it', value: link.schedule },
  ];
  return {
    notification: { title, content },
    mail: mailOf(subject, `${title} (${naira(subject.amountKobo)})`, title, lines),
  };
}

/** What the owner can do about a run that did not buy, in the bell, the e-mail and on /schedules. */
export function nextStep(reason: ScheduleRunReason): string {
  switch (reason) {
    case 'insufficient-balance':
      return 'Fund your wallet, then tap Retry now on Schedules.';
    case 'missed':
      return 'Tap Retry now on Schedules to make it now.';
    case 'product-paused':
      return 'Tap Retry now on Schedules once it is back, or edit the schedule to choose another provider.';
    case 'not-available':
      return 'Edit the schedule to choose what is sold now.';
    case 'price-changed':
      return 'Accept the new price with your pin on Schedules to keep it running.';
    case 'pin-locked':
      return 'Reset your transaction pin, then tap Retry now on Schedules.';
    case 'account-locked':
      return 'Once your account is unlocked, authorise the schedule again on Schedules.';
    default:
      return 'Tap Retry now on Schedules once it is sorted.';
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
  const why = reason === 'refused' ? detail : scheduleRunReasons[reason];
  const next = nextStep(reason);
  const title = reason === 'missed' ? `Missed: ${subject.name}` : `Could not run: ${subject.name}`;
  const content = `${what(subject)}, due ${lagosDateTime(dueAt)}: nothing was bought because ${why}. ${next}`;
  const lines: Line[] = [
    { label: 'Was due', value: `${lagosDateTime(dueAt)} (Lagos time)` },
    { label: 'Amount', value: naira(subject.amountKobo) },
    { label: 'Why', value: why },
    ...(reason === 'insufficient-balance' ? [{ label: 'Fund your wallet', value: link.fund }] : []),
    { label: 'Retry now', value: link.schedule },
  ];
  return { notification: { title, content }, mail: mailOf(subject, title, title, lines) };
}

/** The price rose above what was authorised: paused until the new price is accepted with the pin. */
export function priceNotice(subject: NoticeSubject, newPriceKobo: bigint | null, publicUrl: string): Notice {
  const link = links(publicUrl, subject);
  const now = newPriceKobo === null ? 'now costs more' : `now costs ${naira(newPriceKobo)}`;
  const title = `Price changed: ${subject.name} paused`;
  const content =
    `${what(subject)} ${now}, above the ${naira(subject.amountKobo)} you authorised, so it was not bought ` +
    'and the schedule is paused. Accept the new price with your pin on Schedules to keep it running.';
  const lines: Line[] = [
    { label: 'You authorised', value: naira(subject.amountKobo) },
    ...(newPriceKobo === null ? [] : [{ label: 'New price', value: naira(newPriceKobo) }]),
    { label: 'Accept the new price', value: link.schedule },
  ];
  return { notification: { title, content }, mail: mailOf(subject, title, title, lines) };
}

/** Three runs in a row could not happen: the schedule paused itself. */
export function pausedNotice(subject: NoticeSubject, publicUrl: string): Notice {
  const link = links(publicUrl, subject);
  const title = `Schedule paused: ${subject.name}`;
  const content =
    `${what(subject)} was paused after ${FAILURES_BEFORE_PAUSE} runs in a row could not happen. Nothing ` +
    'more will be bought until you resume it on Schedules.';
  return {
    notification: { title, content },
    mail: mailOf(subject, title, title, [{ label: 'Resume it', value: link.schedule }]),
  };
}
