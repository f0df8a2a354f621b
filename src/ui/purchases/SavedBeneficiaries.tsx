import { useId, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SavedBeneficiary } from '../../../core/contract';
import type { ServiceEntry } from '../../../core/services';
import type { purchaseMachine } from '../../machines/purchases/purchase';
import { savedBeneficiariesMachine } from '../../machines/purchases/savedBeneficiaries';
import { useFlow, useSliceInTransition } from '../kit/useFlow';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { useT } from '../kit/language';
import { beneficiaryWords } from './serviceWords';
import '../records/records.css';

const NAME_MAX_LENGTH = 40;

/** Enter in a small field inside the purchase form acts on that field, never submits the purchase. */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  action();
};

/**
 * The numbers saved for this service, under the beneficiary field: one tap fills the
 * form with the number and the provider it was saved with; "Save this number" keeps the number
 * typed under a name (the verified holder's name is offered where the service verifies);
 * "Manage" renames and deletes. The list is the saved-beneficiaries machine's; the form is the
 * purchase machine's.
 */
export function SavedBeneficiaries({
  service,
  purchase,
}: {
  service: ServiceEntry;
  purchase: ActorRefFrom<typeof purchaseMachine>;
}) {
  const t = useT();
  const saved = useFlow(savedBeneficiariesMachine, { category: service.category });
  // What an answer brings is drawn in a transition, in slices; what a tap changes, at once.
  const list = useSliceInTransition(saved, (s) => s.context.list);
  const loading = useSliceInTransition(saved, (s) => s.hasTag('loading'));
  const failed = useSliceInTransition(saved, (s) => s.matches('failed'));
  const busy = useSelector(saved, (s) => s.hasTag('busy'));
  const form = useSelector(purchase, (s) => s.context.form);
  const merchant = useSelector(purchase, (s) => s.context.merchant);
  const [naming, setNaming] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const ids = { group: useId(), manage: useId() };

  const number = service.beneficiary.normalise(form.beneficiary);
  const already = number === null ? undefined : list.find((entry) => entry.beneficiary === number);
  // The holder's name is offered only when it was verified for this very number.
  const holder =
    number !== null && merchant?.beneficiary === number ? merchant.details.name || merchant.details.username || '' : '';

  const save = () => {
    if (naming === null || number === null) return;
    saved.send({
      type: 'saved.save',
      request: { beneficiary: number, name: naming, provider_id: form.providerId ? Number(form.providerId) : null },
    });
    setNaming(null);
  };

  return (
    <>
      {/* Said to screen readers only, and outside the list's box (empty, it takes no room): a line
          shown while loading would leave a gap that closes, moving the form under it, when the
          list turns out empty (no layout shift). */}
      {loading && (
        <p className="visually-hidden" role="status">
          {t(/*i18n*/ { id: 'buy.saved.loading', message: 'Loading saved numbers…' })}
        </p>
      )}
      <div className="saved-beneficiaries">
        {failed && (
          <p className="hint saved-failed">
            {t(/*i18n*/ { id: 'buy.saved.failed', message: 'Saved numbers could not be loaded.' })}{' '}
            <button type="button" className="btn-link" onClick={() => saved.send({ type: 'saved.retry' })}>
              {t(/*i18n*/ { id: 'buy.saved.retry', message: 'Try again' })}
            </button>
          </p>
        )}

        {list.length > 0 && (
          <div className="recent-beneficiaries" role="group" aria-labelledby={ids.group}>
            <div className="saved-head">
              <span id={ids.group} className="recent-label">
                {t(/*i18n*/ { id: 'buy.saved.title', message: 'Saved' })}
              </span>
              <button
                type="button"
                className="btn-link saved-manage"
                aria-expanded={managing}
                aria-controls={ids.manage}
                onClick={() => setManaging((open) => !open)}
              >
                {managing
                  ? t(/*i18n*/ { id: 'buy.saved.done', message: 'Done' })
                  : t(/*i18n*/ { id: 'buy.saved.manage', message: 'Manage' })}
              </button>
            </div>
            <div className="chips">
              {list.map((entry) => (
                <button
                  key={entry.id}
                  type="button"
                  className="chip"
                  aria-pressed={number === entry.beneficiary}
                  onClick={() =>
                    purchase.send({
                      type: 'form.recent',
                      beneficiary: entry.beneficiary,
                      providerId: entry.provider_id === null ? '' : String(entry.provider_id),
                    })
                  }
                >
                  {/* The space keeps name and number two words for a screen reader; the margin sets
                      them apart on screen. */}
                  {entry.name} <span className="chip-detail">{entry.beneficiary}</span>
                </button>
              ))}
            </div>
            {managing && (
              <ul id={ids.manage} className="saved-list">
                {list.map((entry) => (
                  <ManagedBeneficiary
                    key={entry.id}
                    entry={entry}
                    busy={busy}
                    onRename={(name) =>
                      saved.send({ type: 'saved.rename', request: { beneficiary_id: entry.id, name } })
                    }
                    onDelete={() => saved.send({ type: 'saved.delete', request: { beneficiary_id: entry.id } })}
                  />
                ))}
              </ul>
            )}
          </div>
        )}

        {number !== null && !already && naming === null && (
          <button type="button" className="btn-link saved-offer" onClick={() => setNaming(holder)}>
            {t(/*i18n*/ { id: 'buy.saved.offer', message: 'Save {number} for next time' }, { number })}
          </button>
        )}
        {number !== null && naming !== null && (
          <div
            className="saved-name"
            role="group"
            aria-label={t(/*i18n*/ { id: 'buy.saved.group', message: 'Save {number}' }, { number })}
          >
            <NameField
              label={t(/*i18n*/ { id: 'buy.saved.name', message: 'Name for {number}' }, { number })}
              value={naming}
              onChange={setNaming}
              onEnter={save}
              hint={
                holder
                  ? t(
                      /*i18n*/ { id: 'buy.saved.holder', message: 'The name {what} {number} is registered to.' },
                      {
                        what: t(beneficiaryWords[service.key].name).toLocaleLowerCase(),
                        number,
                      },
                    )
                  : undefined
              }
            />
            <div className="saved-actions">
              <button type="button" className="btn btn-primary btn-small" aria-busy={busy || undefined} onClick={save}>
                {t(/*i18n*/ { id: 'buy.saved.save', message: 'Save' })}
              </button>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setNaming(null)}>
                {t(/*i18n*/ { id: 'buy.saved.cancel', message: 'Cancel' })}
              </button>
            </div>
          </div>
        )}
      </div>
    </>
  );
}

function NameField({
  label,
  value,
  onChange,
  onEnter: enter,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        // The field opens on a click that asked for it: the keyboard user lands where they type.
        autoFocus
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onEnter(enter)}
      />
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function ManagedBeneficiary({
  entry,
  busy,
  onRename,
  onDelete,
}: {
  entry: SavedBeneficiary;
  busy: boolean;
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rename = () => {
    if (name === null) return;
    onRename(name);
    setName(null);
  };
  return (
    <li className="saved-item">
      {name === null ? (
        <>
          <span className="saved-item-text">
            <span className="saved-item-name">{entry.name}</span>
            <span className="saved-item-number">{entry.beneficiary}</span>
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            aria-label={t(/*i18n*/ { id: 'buy.saved.renameOne', message: 'Rename {name}' }, { name: entry.name })}
            onClick={() => setName(entry.name)}
          >
            {t(/*i18n*/ { id: 'buy.saved.rename', message: 'Rename' })}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small saved-delete"
            disabled={busy}
            aria-label={t(/*i18n*/ { id: 'buy.saved.deleteOne', message: 'Delete {name}' }, { name: entry.name })}
            onClick={() => setConfirming(true)}
          >
            {t(/*i18n*/ { id: 'buy.saved.delete', message: 'Delete' })}
          </button>
        </>
      ) : (
        <div className="saved-name">
          <NameField
            label={t(
              /*i18n*/ { id: 'buy.saved.newName', message: 'New name for {number}' },
              { number: entry.beneficiary },
            )}
            value={name}
            onChange={setName}
            onEnter={rename}
          />
          <div className="saved-actions">
            <button type="button" className="btn btn-primary btn-small" onClick={rename}>
              {t(/*i18n*/ { id: 'buy.saved.save', message: 'Save' })}
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setName(null)}>
              {t(/*i18n*/ { id: 'buy.saved.cancel', message: 'Cancel' })}
            </button>
          </div>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          message={t(
            /*i18n*/ { id: 'buy.saved.confirm', message: 'Delete {name} ({number}) from your saved numbers?' },
            { name: entry.name, number: entry.beneficiary },
          )}
          confirmLabel={t(/*i18n*/ { id: 'buy.saved.delete', message: 'Delete' })}
          onConfirm={() => {
            setConfirming(false);
            onDelete();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
