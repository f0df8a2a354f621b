import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { lagosDay } from '../../../core/days';
import { SERVICES, type ServiceKey } from '../../../core/services';
import { schedulesMachine, type SchedulesInput } from '../../machines/schedules/schedules';
import type { ScheduleFields } from '../../domain/schedules/schedules';
import { useSession } from '../app/SessionContext';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useFlow, useSliceInTransition } from '../kit/useFlow';
import { useT } from '../kit/language';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { EmptyState } from '../kit/EmptyState';
import { HistoryIcon } from '../kit/icons';
import { LoadFailed } from '../kit/LoadFailed';
import { PinDialog } from '../account/PinDialog';
import { ScheduleCard, ScheduleCardSkeleton } from './ScheduleCard';
import { NEW_SCHEDULE, ScheduleForm } from './ScheduleForm';
import '../wallet/wallet.css';
import '../purchases/purchase.css';
import './schedules.css';

/** The time a new schedule starts from: nine in the morning, when a person expects a bill paid. */
const DEFAULT_TIME = '09:00';

/**
 * What the address asks the page to open: ?repeat=<transaction> (Repeat this on a purchase),
 * ?service=<key>&provider=…&plan=…&beneficiary=…&amount=… (Schedule this on a service screen).
 */
function openedBy(params: URLSearchParams): SchedulesInput['open'] {
  const repeat = Number(params.get('repeat'));
  if (Number.isSafeInteger(repeat) && repeat > 0) return { kind: 'repeat', transactionId: repeat };
  const service = SERVICES.find((candidate) => candidate.key === params.get('service'))?.key as ServiceKey | undefined;
  if (!service) return null;
  const fields: Partial<ScheduleFields> = { service };
  const text = (name: string) => params.get(name)?.slice(0, 32) ?? '';
  if (text('provider')) fields.providerId = text('provider');
  if (text('plan')) fields.planId = text('plan');
  if (text('beneficiary')) fields.beneficiary = text('beneficiary');
  if (text('amount')) fields.amount = text('amount');
  return { kind: 'new', fields };
}

/**
 * /schedules: the purchases the wallet makes for the user, each with its next run and its
 * latest run; new, edit, pause, resume, delete, Retry now, and with the pin a new price accepted or
 * a schedule paused by the account's recovery authorised again. Opened from
 * a purchase (Repeat this) or a service screen (Schedule this), the form is open at once.
 */
export default function SchedulesScreen() {
  const t = useT();
  const title = t(/*i18n*/ { id: 'schedule.title', message: 'Schedules' });
  useDocumentTitle(title);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  // Read once: the form it opens is the machine's from then on.
  const [start] = useState(() => ({ open: openedBy(params), focus: Number(params.get('schedule')) || null }));
  const actor = useFlow(schedulesMachine, {
    session,
    open: start.open,
    today: lagosDay(new Date()),
    time: DEFAULT_TIME,
  });
  // The list an answer brings, and the loading that ends with it, drawn in a transition (in slices).
  const schedules = useSliceInTransition(actor, (s) => s.context.schedules);
  const loading = useSliceInTransition(actor, (s) => s.hasTag('loading'));
  const failed = useSliceInTransition(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirming' }));
  const form = useSelector(actor, (s) => s.context.form);
  const pinDialog = useSelector(actor, (s) => s.context.pinDialog);
  const step = useSelector(actor, (s) => s.context.step);
  const pinText =
    step === 'price'
      ? t(
          /*i18n*/ {
            id: 'schedule.pin.accept',
            message: 'Enter your 4-digit security pin to accept the new price for this schedule.',
          },
        )
      : t(
          /*i18n*/ {
            id: 'schedule.pin.authorise',
            message: 'Enter your 4-digit security pin to authorise this schedule again.',
          },
        );

  // The address's request is taken: a reload shows the list, not the form again.
  useEffect(() => {
    if (start.open) setParams({}, { replace: true });
  }, [start.open, setParams]);
  // A link to one schedule (an e-mail's Retry now) brings it into view.
  useEffect(() => {
    if (start.focus !== null && !loading)
      document.getElementById(`schedule-${start.focus}`)?.scrollIntoView({ block: 'center' });
  }, [start.focus, loading]);

  let body;
  if (loading) {
    body = (
      <ul
        className="schedule-list skeleton-group"
        aria-busy="true"
        aria-label={t(/*i18n*/ { id: 'schedule.loading', message: 'Loading your schedules' })}
      >
        <ScheduleCardSkeleton />
        <ScheduleCardSkeleton />
      </ul>
    );
  } else if (failed) {
    body = (
      <LoadFailed
        icon={<HistoryIcon size={28} />}
        title={t(/*i18n*/ { id: 'schedule.loadFailed', message: 'Your schedules could not be loaded.' })}
        onRetry={() => actor.send({ type: 'schedules.retry' })}
      >
        {t(/*i18n*/ { id: 'schedule.loadFailed.hint', message: 'Check your connection and try again.' })}
      </LoadFailed>
    );
  } else if (schedules.length === 0) {
    body = (
      <EmptyState
        icon={<HistoryIcon size={28} />}
        title={t(/*i18n*/ { id: 'schedule.empty', message: 'No schedules yet' })}
      >
        {t(
          /*i18n*/ {
            id: 'schedule.empty.hint',
            message:
              'Buy something, open it in your activities and tap “Repeat this”, or schedule a purchase from any service screen.',
          },
        )}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="schedule-list">
        {schedules.map((schedule) => (
          <ScheduleCard
            key={schedule.id}
            schedule={schedule}
            busy={busy}
            highlighted={schedule.id === start.focus}
            send={actor.send}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="page page-narrow">
      <header className="page-header schedule-page-header">
        <div>
          <h1 className="page-title">{title}</h1>
          <p className="page-subtitle">
            {t(
              /*i18n*/ {
                id: 'schedule.subtitle',
                message: 'Purchases your wallet makes for you, at the times you choose (Lagos time).',
              },
            )}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={loading || failed}
          onClick={() => actor.send({ type: 'schedule.new' })}
        >
          {t(NEW_SCHEDULE)}
        </button>
      </header>
      {body}
      {form && <ScheduleForm actor={form} />}
      {confirming && (
        <ConfirmDialog
          message={t(
            /*i18n*/ {
              id: 'schedule.confirmDelete',
              message: 'Delete this schedule? Nothing more will be bought with it.',
            },
          )}
          confirmLabel={t(/*i18n*/ { id: 'schedule.card.delete', message: 'Delete' })}
          onConfirm={() => actor.send({ type: 'delete.confirm' })}
          onCancel={() => actor.send({ type: 'delete.cancel' })}
        />
      )}
      <PinDialog actor={pinDialog} text={pinText} />
    </div>
  );
}
