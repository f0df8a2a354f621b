import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { Passkey } from '../../../core/passkeys';
import { formatDateTime } from '../../domain/kit/dateTime';
import { passkeysMachine } from '../../machines/account/passkeys';
import { passkeysSupported } from '../../machines/kit/passkeySupport';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { PasswordField } from '../kit/PasswordField';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';
import { t as translate, useT } from '../kit/language';
import { useFlow, useSliceInTransition } from '../kit/useFlow';

/**
 * A name the phone suggests for its own passkey, in the language the app speaks as it is added;
 * the user may change it, and it is kept as it was written.
 */
function suggestedName(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/Android/i.test(agent)) return translate(/*i18n*/ { id: 'account.passkeys.android', message: 'Android phone' });
  if (/iPhone|iPad/i.test(agent)) return 'iPhone';
  if (/Mac OS X/i.test(agent)) return 'Mac';
  if (/Windows/i.test(agent))
    return translate(/*i18n*/ { id: 'account.passkeys.windows', message: 'Windows computer' });
  return translate(/*i18n*/ { id: 'account.passkeys.thisDevice', message: 'This device' });
}

const REMOVE = /*i18n*/ { id: 'account.passkeys.remove', message: 'Remove' };
const CANCEL = /*i18n*/ { id: 'account.passkeys.cancel', message: 'Cancel' };

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name !== null) onRename(name);
    setName(null);
  };
  return (
    <li className="passkey-row">
      {name === null ? (
        <>
          <div>
            <p className="passkey-name">{passkey.name}</p>
            <p className="hint">
              {t(
                /*i18n*/ { id: 'account.passkeys.added', message: 'Added {date}' },
                { date: formatDateTime(passkey.created_at) },
              )}{' '}
              ·{' '}
              {passkey.last_used_at
                ? t(
                    /*i18n*/ { id: 'account.passkeys.lastUsed', message: 'last used {date}' },
                    { date: formatDateTime(passkey.last_used_at) },
                  )
                : t(/*i18n*/ { id: 'account.passkeys.notUsed', message: 'not used yet' })}
            </p>
          </div>
          <div className="passkey-actions">
            <button type="button" className="btn btn-link" onClick={() => setName(passkey.name)}>
              {t(/*i18n*/ { id: 'account.passkeys.rename', message: 'Rename' })}
              <span className="visually-hidden"> {passkey.name}</span>
            </button>
            <button type="button" className="btn btn-link" onClick={onRemove}>
              {t(REMOVE)}
              <span className="visually-hidden"> {passkey.name}</span>
            </button>
          </div>
        </>
      ) : (
        <form className="form passkey-rename" noValidate onSubmit={submit}>
          <TextField
            label={t(
              /*i18n*/ { id: 'account.passkeys.newName', message: 'New name for {name}' },
              { name: passkey.name },
            )}
            value={name}
            onValueChange={setName}
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary btn-small">
            {t(/*i18n*/ { id: 'account.passkeys.saveName', message: 'Save name' })}
          </button>
          <button type="button" className="btn btn-link" onClick={() => setName(null)}>
            {t(CANCEL)}
          </button>
        </form>
      )}
    </li>
  );
}

/**
 * /profile's passkeys: sign in and confirm purchases with the phone's screen lock. Each is listed
 * with when it was added and last used; adding one asks for the account password first.
 */
export function PasskeysSection() {
  const t = useT();
  const actor = useFlow(passkeysMachine);
  // What an answer brings is drawn in a transition, in slices; what a tap changes, at once.
  const passkeys = useSliceInTransition(actor, (s) => s.context.passkeys);
  const form = useSelector(actor, (s) => s.context.form);
  const adding = useSelector(actor, (s) => s.matches('adding') || s.matches('registering'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSliceInTransition(actor, (s) => s.matches('failed'));
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'passkeys.submit' });
  };
  const open = () => {
    actor.send({ type: 'passkeys.add' });
    actor.send({ type: 'passkeys.change', field: 'name', value: suggestedName() });
  };

  return (
    <section className="card passkeys" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t(/*i18n*/ { id: 'account.passkeys.title', message: 'Passkeys' })}
      </h2>
      <p className="hint">
        {t(
          /*i18n*/ {
            id: 'account.passkeys.about',
            message:
              'Sign in and confirm purchases with your phone’s fingerprint, face or screen lock instead of your password and pin. A passkey never leaves your phone, and it only works on this site.',
          },
        )}
      </p>
      {failed && (
        <p role="alert">
          {t(/*i18n*/ { id: 'account.passkeys.loadFailed', message: 'Your passkeys could not be loaded.' })}{' '}
          <button type="button" className="btn btn-link" onClick={() => actor.send({ type: 'passkeys.reload' })}>
            {t(/*i18n*/ { id: 'account.passkeys.retry', message: 'Try again' })}
          </button>
        </p>
      )}
      {passkeys.length > 0 && (
        <ul className="passkey-list" aria-label={t(/*i18n*/ { id: 'account.passkeys.list', message: 'Your passkeys' })}>
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={(name) => actor.send({ type: 'passkeys.rename', id: passkey.id, name })}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <form className="form passkey-add" noValidate onSubmit={submit}>
          <PasswordField
            label={t(/*i18n*/ { id: 'account.passkeys.password', message: 'Your password' })}
            value={form.password}
            onValueChange={(value) => actor.send({ type: 'passkeys.change', field: 'password', value })}
            autoComplete="current-password"
          />
          <TextField
            label={t(/*i18n*/ { id: 'account.passkeys.name', message: 'Passkey name' })}
            value={form.name}
            onValueChange={(value) => actor.send({ type: 'passkeys.change', field: 'name', value })}
            autoComplete="off"
          />
          <SubmitButton busy={busy}>
            {t(/*i18n*/ { id: 'account.passkeys.create', message: 'Create passkey' })}
          </SubmitButton>
          <button type="button" className="btn btn-link" onClick={() => actor.send({ type: 'passkeys.cancel' })}>
            {t(CANCEL)}
          </button>
        </form>
      ) : (
        passkeysSupported() && (
          <button type="button" className="btn btn-secondary" onClick={open} disabled={busy}>
            {t(/*i18n*/ { id: 'account.passkeys.add', message: 'Add a passkey' })}
          </button>
        )
      )}
      {removing && (
        <ConfirmDialog
          message={t(
            /*i18n*/ {
              id: 'account.passkeys.confirmRemove',
              message: 'Remove the passkey “{name}”? It will no longer sign you in or confirm purchases.',
            },
            { name: removing.name },
          )}
          confirmLabel={t(REMOVE)}
          onConfirm={() => {
            actor.send({ type: 'passkeys.remove', id: removing.id });
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
