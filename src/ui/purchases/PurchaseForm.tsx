import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { Package, Provider } from '../../../core/contract';
import { providerForNetwork } from '../../../core/phone';
import { isSchedulable } from '../../../core/schedules';
import type { ServiceEntry } from '../../../core/services';
import { numberChangedSinceVerified, purchaseMachine } from '../../machines/purchases/purchase';
import { useOffline } from '../app/ConnectivityContext';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { performEffects, useFlow, useSliceInTransition } from '../kit/useFlow';
import { CopyButton } from '../kit/CopyButton';
import { ForgotPinLink } from '../account/ForgotPinLink';
import { OFFLINE_ACTION_NOTE } from '../app/OfflineBanner';
import { PinDialog } from '../account/PinDialog';
import { PlanSelect } from './PlanSelect';
import { ProviderSelect } from './ProviderSelect';
import { SavedBeneficiaries } from './SavedBeneficiaries';
import { TextField } from '../kit/TextField';
import { useT } from '../kit/language';
import { beneficiaryWords } from './serviceWords';
import { pausedNotice as pausedNoticeIn } from './pausedNotice';
import './purchase.css';
import * as labels from '../../../core/labels';

const NO_PROVIDERS: Provider[] = [];
const NO_PLANS: Package[] = [];

/**
 * The form of every service screen, shaped by the service's entry in the table:
 * provider (or network), plan for plan-priced services, beneficiary, amount (read-only and the
 * plan's when priced by plan), the meter type for electricity, merchant verification where the
 * service has it, saved and recent beneficiaries to reuse, the pin dialog, and a delivered token or pin
 * to copy. The purchase machine decides; this view shows its state and sends its events.
 */
export function PurchaseForm({ service }: { service: ServiceEntry }) {
  const t = useT();
  const session = useSession();
  const actor = useFlow(purchaseMachine, { session, service });
  const navigate = useNavigate();
  const form = useSelector(actor, (s) => s.context.form);
  // The recent numbers arrive with an answer: drawn in a transition, in slices.
  const recent = useSliceInTransition(actor, (s) => s.context.recent);
  const suggested = useSelector(actor, (s) => s.context.suggestedNetwork);
  const merchant = useSelector(actor, (s) => s.context.merchant);
  const result = useSelector(actor, (s) => s.context.result);
  const pinDialog = useSelector(actor, (s) => s.context.pinDialog);
  const verification = useSelector(actor, (s) => s.context.verification);
  const verifying = useSelector(actor, (s) => s.matches({ flow: 'verifying' }));
  // The chosen product is paused: the screen says why, until when, and what to do; Continue waits.
  const paused = useSelector(actor, (s) => s.hasTag('paused'));
  const providers = useSessionSelector((s) => s.context.providers[service.category] ?? NO_PROVIDERS);
  const pinLocked = useSessionSelector((s) => s.context.pin_locked);
  const continueButton = useRef<HTMLButtonElement>(null);
  // Offline, nothing is paid or verified, and nothing is queued to be: the button says why it waits.
  const offline = useOffline();
  const ids = {
    meter: useId(),
    network: useId(),
    recent: useId(),
    merchant: useId(),
    result: useId(),
    offline: useId(),
    paused: useId(),
  };
  const numberChanged = numberChangedSinceVerified({ merchant, form });

  // The verification's own messages (an unknown meter) are toasted like the flow's.
  useEffect(() => (verification ? performEffects(verification, navigate) : undefined), [verification, navigate]);

  const plans = providers.find((provider) => String(provider.id) === form.providerId)?.packages ?? NO_PLANS;
  const planLabel = service.pricing.kind === 'plan' ? service.pricing.planLabel : null;
  const planBased = planLabel !== null;
  const awaitingVerification = verification !== null && merchant === null;
  const suggestedProvider = providerForNetwork(providers, suggested);
  const beneficiary = beneficiaryWords[service.key];
  const chosen = providers.find((provider) => String(provider.id) === form.providerId);
  const pausedNotice = paused && chosen?.paused ? pausedNoticeIn(t, service, chosen.name, chosen.paused) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'purchase.continue' });
  };

  return (
    <>
      {pinLocked && (
        <div className="card pin-locked" role="note">
          <p>
            {t(
              /*i18n*/ {
                id: 'buy.pinLocked',
                message: 'Purchases are locked after repeated wrong pins. Reset your transaction pin to continue.',
              },
            )}
          </p>
          <ForgotPinLink />
        </div>
      )}

      {result && (
        <section className="card purchase-result" aria-labelledby={ids.result}>
          <h2 id={ids.result} className="purchase-result-title">
            {result.display_name || t(/*i18n*/ { id: 'buy.result.details', message: 'Details' })}
          </h2>
          <p className="purchase-result-value mono">{result.display_value}</p>
          <p className="hint">
            {t(/*i18n*/ { id: 'buy.result.keep', message: 'Keep it safe. You can find it again in your activities.' })}
          </p>
          <div className="purchase-result-actions">
            <CopyButton
              text={result.display_value}
              label={t(/*i18n*/ { id: 'buy.result.copy', message: 'Copy' })}
              detail={result.display_name}
            />
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => actor.send({ type: 'result.dismiss' })}
            >
              {t(/*i18n*/ { id: 'buy.result.done', message: 'Done' })}
            </button>
          </div>
        </section>
      )}

      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form card purchase-form" noValidate onSubmit={submit}>
        <ProviderSelect
          label={service.providerLabel}
          providers={providers}
          value={form.providerId}
          onChange={(value) => actor.send({ type: 'form.provider', value })}
        />

        {pausedNotice && (
          <p id={ids.paused} className="card product-paused" role="status">
            {pausedNotice}
          </p>
        )}

        {service.meterTypes && (
          <fieldset className="choice-group">
            <legend className="field-label">{t(/*i18n*/ { id: 'buy.meterType', message: 'Meter type' })}</legend>
            <div className="choices">
              <label className="choice">
                <input type="radio" name={ids.meter} value="prepaid" defaultChecked />
                {t(labels.prepaid)}
              </label>
              <label className="choice">
                <input type="radio" name={ids.meter} value="postpaid" disabled />
                {t(labels.postpaid)}
              </label>
            </div>
          </fieldset>
        )}

        {planLabel && (
          <PlanSelect
            label={planLabel}
            providerLabel={service.providerLabel}
            plans={plans}
            value={form.planId}
            providerChosen={form.providerId !== ''}
            onChange={(value) => actor.send({ type: 'form.plan', value })}
          />
        )}

        <div className="field-with-hint">
          <TextField
            label={t(beneficiary.label)}
            value={form.beneficiary}
            onValueChange={(value) => actor.send({ type: 'form.beneficiary', value })}
            inputMode="numeric"
            autoComplete={service.suggestsNetwork ? 'tel' : 'off'}
            aria-describedby={suggested ? ids.network : undefined}
          />
          {service.suggestsNetwork && suggested && (
            <p id={ids.network} className="hint network-note">
              {suggestedProvider && String(suggestedProvider.id) !== form.providerId && form.providerId !== ''
                ? t(
                    /*i18n*/ {
                      id: 'buy.network.moved',
                      message: 'This number looks like {network}. If it moved networks, keep your choice.',
                    },
                    { network: suggested },
                  )
                : t(
                    /*i18n*/ { id: 'buy.network.looks', message: 'This number looks like {network}.' },
                    { network: suggested },
                  )}
            </p>
          )}
        </div>

        <SavedBeneficiaries service={service} purchase={actor} />

        {recent.length > 0 && (
          <div className="recent-beneficiaries" role="group" aria-labelledby={ids.recent}>
            <span id={ids.recent} className="recent-label">
              {t(/*i18n*/ { id: 'buy.recent', message: 'Recently paid' })}
            </span>
            <div className="chips">
              {recent.map(({ beneficiary, provider_id, provider_name }) => (
                <button
                  key={beneficiary}
                  type="button"
                  className="chip"
                  aria-pressed={form.beneficiary === beneficiary}
                  onClick={() => actor.send({ type: 'form.recent', beneficiary, providerId: String(provider_id) })}
                >
                  {beneficiary}
                  {provider_name && <span className="chip-detail">{provider_name}</span>}
                </button>
              ))}
            </div>
          </div>
        )}

        <TextField
          label={t(/*i18n*/ { id: 'buy.amount', message: 'Amount' })}
          value={form.amount}
          onValueChange={(value) => actor.send({ type: 'form.amount', value })}
          inputMode="decimal"
          autoComplete="off"
          readOnly={planBased}
          placeholder={planBased ? t(/*i18n*/ { id: 'buy.amount.byPlan', message: 'Set by the plan' }) : '0.00'}
        />

        {merchant && (
          <section className="merchant-details" aria-labelledby={ids.merchant}>
            <h2 id={ids.merchant} className="merchant-title">
              {t(/*i18n*/ { id: 'buy.merchant.title', message: 'Merchant details' })}
            </h2>
            <dl className="merchant-list">
              <div>
                <dt>{t(beneficiary.name)}</dt>
                <dd>{merchant.beneficiary}</dd>
              </div>
              <div>
                <dt>{t(/*i18n*/ { id: 'buy.merchant.name', message: 'Name' })}</dt>
                <dd>{merchant.details.name || merchant.details.username || '—'}</dd>
              </div>
              {service.verification?.fields.includes('address') && (
                <div>
                  <dt>{t(/*i18n*/ { id: 'buy.merchant.address', message: 'Address' })}</dt>
                  <dd>{merchant.details.address || '—'}</dd>
                </div>
              )}
              {service.verification?.fields.includes('username') && (
                <div>
                  <dt>{t(/*i18n*/ { id: 'buy.merchant.username', message: 'Username' })}</dt>
                  <dd>{merchant.details.username || '—'}</dd>
                </div>
              )}
            </dl>
            {/* The verification is kept when fields change (as the product was specified): it must
                not pass for the new number's. */}
            {numberChanged && (
              <p className="merchant-warning" role="alert">
                {t(
                  /*i18n*/ {
                    id: 'buy.merchant.changed',
                    message: 'The number has changed since it was verified: these details are for {what} {number}.',
                  },
                  { what: t(beneficiary.name).toLocaleLowerCase(), number: merchant.beneficiary },
                )}{' '}
                {t(
                  /*i18n*/ {
                    id: 'buy.merchant.checked',
                    message:
                      'When you pay, the holder of the number in the field is checked and named on your receipt.',
                  },
                )}
              </p>
            )}
          </section>
        )}

        <button
          ref={continueButton}
          type="submit"
          className="btn btn-primary btn-block"
          aria-busy={verifying || undefined}
          disabled={offline || pausedNotice !== null}
          aria-describedby={offline ? ids.offline : pausedNotice ? ids.paused : undefined}
        >
          {verifying && <span className="spinner" aria-hidden="true" />}
          {awaitingVerification ? t(labels.verifyMerchant) : t(/*i18n*/ { id: 'buy.continue', message: 'Continue' })}
        </button>
        {offline && (
          <p id={ids.offline} className="offline-note">
            {t(OFFLINE_ACTION_NOTE)}
          </p>
        )}
      </form>

      {isSchedulable(service.category) && (
        <p className="schedule-offer">
          {/* The form's choices go with it: the schedule form opens filled with them. */}
          <Link
            className="btn-link"
            to={`/schedules?${new URLSearchParams({
              service: service.key,
              provider: form.providerId,
              plan: form.planId,
              beneficiary: form.beneficiary,
              amount: service.pricing.kind === 'amount' ? form.amount : '',
            })}`}
          >
            {t(/*i18n*/ { id: 'buy.schedule.link', message: 'Schedule this' })}
          </Link>{' '}
          {t(/*i18n*/ { id: 'buy.schedule.rest', message: 'to buy it automatically, once or again and again.' })}
        </p>
      )}

      <PinDialog actor={pinDialog} returnFocus={continueButton} />
    </>
  );
}
