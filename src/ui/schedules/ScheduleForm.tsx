import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Package, Provider, ScheduleFrequency } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { formatNaira } from '../../../core/money';
import { FREQUENCIES, isSchedulable } from '../../../core/schedules';
import { SERVICES, serviceByKey } from '../../../core/services';
import type { scheduleFormMachine, ScheduleFormEvent } from '../../machines/schedules/scheduleForm';
import { WEEKDAY_NAMES } from '../../domain/schedules/schedules';
import { useSessionSelector } from '../app/SessionContext';
import { performEffects } from '../kit/useFlow';
import { useT } from '../kit/language';
import { Modal } from '../kit/Modal';
import { PinDialog } from '../account/PinDialog';
import { PlanSelect } from '../purchases/PlanSelect';
import { beneficiaryWords, serviceTitles } from '../purchases/serviceWords';
import { ProviderSelect } from '../purchases/ProviderSelect';
import { TextField } from '../kit/TextField';

const NO_PROVIDERS: Provider[] = [];
const NO_PLANS: Package[] = [];
const SCHEDULABLE = SERVICES.filter((service) => isSchedulable(service.category));
const FREQUENCY_LABELS: Record<ScheduleFrequency, Words> = {
  once: /*i18n*/ { id: 'schedule.often.once', message: 'Once' },
  daily: /*i18n*/ { id: 'schedule.often.daily', message: 'Daily' },
  weekly: /*i18n*/ { id: 'schedule.often.weekly', message: 'Weekly' },
  monthly: /*i18n*/ { id: 'schedule.often.monthly', message: 'Monthly' },
  renewal: /*i18n*/ { id: 'schedule.often.renewal', message: 'Before the due date' },
};

/** The form's title for a new schedule, and the Schedules screen's button that opens it. */
export const NEW_SCHEDULE: Words = /*i18n*/ { id: 'schedule.new', message: 'New schedule' };

const VERIFY_SMARTCARD: Words = /*i18n*/ { id: 'schedule.form.verify', message: 'Verify smartcard' };

type SetField = Extract<ScheduleFormEvent, { type: 'form.set' }>['field'];

/**
 * A schedule's form, in a dialog over /schedules: what it buys (service, provider, plan or
 * amount, number), when (Lagos time) and until when, and — for a cable renewal — the smartcard's
 * due date and renewal amount, verified. Saving asks for the transaction pin, which authorises
 * every run up to the amount shown. The schedule form machine decides; this view shows it.
 */
export function ScheduleForm({ actor }: { actor: ActorRefFrom<typeof scheduleFormMachine> }) {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => performEffects(actor, navigate), [actor, navigate]);
  const fields = useSelector(actor, (s) => s.context.fields);
  const renewal = useSelector(actor, (s) => s.context.renewal);
  const editing = useSelector(actor, (s) => s.context.scheduleId !== null);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const verifying = useSelector(actor, (s) => s.matches('verifying'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const pinDialog = useSelector(actor, (s) => s.context.pinDialog);
  const today = useSelector(actor, (s) => s.context.today);
  const service = fields.service === '' ? null : serviceByKey(fields.service);
  const providers = useSessionSelector(
    (s) => (service ? s.context.providers[service.category] : undefined) ?? NO_PROVIDERS,
  );
  const saveButton = useRef<HTMLButtonElement>(null);
  const ids = { service: useId(), frequency: useId(), weekday: useId(), end: useId(), renewal: useId() };

  const set = (field: SetField) => (value: string) => actor.send({ type: 'form.set', field, value });
  const renewing = fields.frequency === 'renewal';
  const plans = providers.find((provider) => String(provider.id) === fields.providerId)?.packages ?? NO_PLANS;
  const plan = plans.find((candidate) => String(candidate.id) === fields.planId);
  const byPlan = service?.pricing.kind === 'plan' && !renewing;
  const amount = renewing
    ? renewal?.details.renewal_amount
    : byPlan
      ? plan?.amount
      : Number(fields.amount) || undefined;
  const verified = renewal !== null && renewal.beneficiary === fields.beneficiary.trim();
  const frequencies = service?.renewable ? FREQUENCIES : FREQUENCIES.filter((frequency) => frequency !== 'renewal');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <Modal
      title={editing ? t(/*i18n*/ { id: 'schedule.form.edit', message: 'Edit schedule' }) : t(NEW_SCHEDULE)}
      onClose={() => actor.send({ type: 'form.cancel' })}
      className="schedule-dialog"
    >
      {loading ? (
        <p className="hint" role="status">
          {t(/*i18n*/ { id: 'schedule.form.loading', message: 'Loading the purchase to repeat…' })}
        </p>
      ) : (
        <form className="form schedule-form" noValidate onSubmit={submit} aria-busy={saving || undefined}>
          <TextField
            label={t(/*i18n*/ { id: 'schedule.form.name', message: 'Name' })}
            value={fields.name}
            onValueChange={set('name')}
            maxLength={40}
            autoComplete="off"
            placeholder={t(/*i18n*/ { id: 'schedule.form.namePlaceholder', message: "e.g. Mum's monthly data" })}
          />

          <div className="field">
            <label className="field-label" htmlFor={ids.service}>
              {t(/*i18n*/ { id: 'schedule.form.service', message: 'Service' })}
            </label>
            <select
              id={ids.service}
              className="input select"
              value={fields.service}
              disabled={editing}
              onChange={(e) => actor.send({ type: 'form.service', value: e.target.value })}
            >
              <option value="">{t(/*i18n*/ { id: 'schedule.form.pickService', message: 'Select a service' })}</option>
              {SCHEDULABLE.map((candidate) => (
                <option key={candidate.key} value={candidate.key}>
                  {t(serviceTitles[candidate.key].title)}
                </option>
              ))}
            </select>
          </div>

          {service && (
            <>
              <ProviderSelect
                label={service.providerLabel}
                providers={providers}
                value={fields.providerId}
                onChange={(value) => actor.send({ type: 'form.provider', value })}
              />

              {byPlan && service.pricing.kind === 'plan' && (
                <PlanSelect
                  label={service.pricing.planLabel}
                  providerLabel={service.providerLabel}
                  plans={plans}
                  value={fields.planId}
                  providerChosen={fields.providerId !== ''}
                  onChange={set('planId')}
                />
              )}

              <TextField
                label={t(beneficiaryWords[service.key].label)}
                value={fields.beneficiary}
                onValueChange={(value) => actor.send({ type: 'form.beneficiary', value })}
                inputMode="numeric"
                autoComplete="off"
              />

              {service.pricing.kind === 'amount' && (
                <TextField
                  label={t(/*i18n*/ { id: 'schedule.form.amount', message: 'Amount' })}
                  value={fields.amount}
                  onValueChange={(value) => actor.send({ type: 'form.amount', value })}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                />
              )}
            </>
          )}

          <fieldset className="schedule-when">
            <legend className="field-label">
              {t(/*i18n*/ { id: 'schedule.form.when', message: 'When (Lagos time)' })}
            </legend>
            <div className="field">
              <label className="field-label" htmlFor={ids.frequency}>
                {t(/*i18n*/ { id: 'schedule.form.often', message: 'How often' })}
              </label>
              <select
                id={ids.frequency}
                className="input select"
                value={fields.frequency}
                onChange={(e) => actor.send({ type: 'form.frequency', value: e.target.value as ScheduleFrequency })}
              >
                {frequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(FREQUENCY_LABELS[frequency])}
                  </option>
                ))}
              </select>
            </div>
            {fields.frequency === 'once' && (
              <TextField
                label={t(/*i18n*/ { id: 'schedule.form.day', message: 'Day' })}
                type="date"
                value={fields.date}
                onValueChange={set('date')}
                min={today}
              />
            )}
            {fields.frequency === 'weekly' && (
              <div className="field">
                <label className="field-label" htmlFor={ids.weekday}>
                  {t(/*i18n*/ { id: 'schedule.form.weekday', message: 'Weekday' })}
                </label>
                <select
                  id={ids.weekday}
                  className="input select"
                  value={fields.weekday}
                  onChange={(e) => set('weekday')(e.target.value)}
                >
                  {WEEKDAY_NAMES.map((day, index) => (
                    <option key={day.id} value={String(index)}>
                      {t(day)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {fields.frequency === 'monthly' && (
              <TextField
                label={t(
                  /*i18n*/ {
                    id: 'schedule.form.monthDay',
                    message: "Day of the month (the month's last day when it is shorter)",
                  },
                )}
                value={fields.monthDay}
                onValueChange={set('monthDay')}
                inputMode="numeric"
                maxLength={2}
              />
            )}
            {renewing && (
              <TextField
                label={t(/*i18n*/ { id: 'schedule.form.daysBefore', message: 'Days before the due date' })}
                value={fields.daysBefore}
                onValueChange={set('daysBefore')}
                inputMode="numeric"
                maxLength={2}
              />
            )}
            <TextField
              label={t(/*i18n*/ { id: 'schedule.form.time', message: 'Time' })}
              type="time"
              value={fields.time}
              onValueChange={set('time')}
            />
          </fieldset>

          {renewing && (
            <section className="schedule-renewal" aria-labelledby={ids.renewal} aria-live="polite">
              <h3 id={ids.renewal} className="merchant-title">
                {t(/*i18n*/ { id: 'schedule.form.smartcard', message: 'Smartcard' })}
              </h3>
              {verified ? (
                <dl className="merchant-list">
                  <div>
                    <dt>{t(/*i18n*/ { id: 'schedule.form.cardName', message: 'Name' })}</dt>
                    <dd>{renewal.details.name || '—'}</dd>
                  </div>
                  {renewal.details.current_plan && (
                    <div>
                      <dt>{t(/*i18n*/ { id: 'schedule.form.bouquet', message: 'Bouquet' })}</dt>
                      <dd>{renewal.details.current_plan}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t(/*i18n*/ { id: 'schedule.form.due', message: 'Due' })}</dt>
                    <dd>
                      {renewal.details.due_date ??
                        t(/*i18n*/ { id: 'schedule.form.dueUntold', message: 'not told by the provider' })}
                    </dd>
                  </div>
                </dl>
              ) : (
                <p className="hint">
                  {t(
                    /*i18n*/ {
                      id: 'schedule.form.renewalHint',
                      message: 'Its due date and renewal amount set the schedule.',
                    },
                  )}
                </p>
              )}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-busy={verifying || undefined}
                onClick={() => actor.send({ type: 'form.verify' })}
              >
                {verifying && <span className="spinner" aria-hidden="true" />}
                {verified
                  ? t(/*i18n*/ { id: 'schedule.form.verifyAgain', message: 'Verify again' })
                  : t(VERIFY_SMARTCARD)}
              </button>
            </section>
          )}

          <div className="field">
            <label className="field-label" htmlFor={ids.end}>
              {t(/*i18n*/ { id: 'schedule.form.ends', message: 'Ends' })}
            </label>
            <select
              id={ids.end}
              className="input select"
              value={fields.endKind}
              onChange={(e) => actor.send({ type: 'form.end', value: e.target.value as typeof fields.endKind })}
            >
              <option value="never">{t(/*i18n*/ { id: 'schedule.form.endNever', message: 'Never' })}</option>
              <option value="after">
                {t(/*i18n*/ { id: 'schedule.form.endAfter', message: 'After a number of runs' })}
              </option>
              <option value="on">{t(/*i18n*/ { id: 'schedule.form.endOn', message: 'On a day' })}</option>
            </select>
          </div>
          {fields.endKind === 'after' && (
            <TextField
              label={t(/*i18n*/ { id: 'schedule.form.runs', message: 'Number of runs' })}
              value={fields.endRuns}
              onValueChange={set('endRuns')}
              inputMode="numeric"
              maxLength={4}
            />
          )}
          {fields.endKind === 'on' && (
            <TextField
              label={t(/*i18n*/ { id: 'schedule.form.lastDay', message: 'Last day' })}
              type="date"
              value={fields.endDate}
              onValueChange={set('endDate')}
              min={today}
            />
          )}

          <p className="schedule-authorised" role="note">
            {amount
              ? t(
                  /*i18n*/ {
                    id: 'schedule.form.spends',
                    message: 'Each run spends at most {amount}, from your wallet, within your daily limit.',
                  },
                  { amount: formatNaira(amount) },
                )
              : t(
                  /*i18n*/ {
                    id: 'schedule.form.spendsLater',
                    message: 'Each run spends at most the amount shown here once the form is complete.',
                  },
                )}{' '}
            {t(/*i18n*/ { id: 'schedule.form.reminder', message: 'We remind you the day before each run.' })}
          </p>

          <button
            ref={saveButton}
            type="submit"
            className="btn btn-primary btn-block"
            aria-busy={saving || verifying || undefined}
          >
            {(saving || verifying) && <span className="spinner" aria-hidden="true" />}
            {renewing && !verified
              ? t(VERIFY_SMARTCARD)
              : t(/*i18n*/ { id: 'schedule.form.save', message: 'Save schedule' })}
          </button>
        </form>
      )}
      <PinDialog
        actor={pinDialog}
        returnFocus={saveButton}
        text={t(
          /*i18n*/ {
            id: 'schedule.pin.create',
            message: 'Enter your 4-digit security pin to authorise this schedule.',
          },
        )}
      />
    </Modal>
  );
}
