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
import { useFlow } from '../kit/useFlow';

/** A name the phone suggests for its own passkey; the user may change it. */
function suggestedName(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/Android/i.test(agent)) return 'Android phone';
  if (/iPhone|iPad/i.test(agent)) return 'iPhone';
  if (/Mac OS X/i.test(agent)) return 'Mac';
  if (/Windows/i.test(agent)) return 'Windows computer';
  return 'This device';
}

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
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
              Added {formatDateTime(passkey.created_at)} ·{' '}
              {passkey.last_used_at ? `last used ${formatDateTime(passkey.last_used_at)}` : 'not used yet'}
            </p>
          </div>
          <div className="passkey-actions">
            <button type="button" className="btn btn-link" onClick={() => setName(passkey.name)}>
              Rename<span className="visually-hidden"> {passkey.name}</span>
            </button>
            <button type="button" className="btn btn-link" onClick={onRemove}>
              Remove<span className="visually-hidden"> {passkey.name}</span>
            </button>
          </div>
        </>
      ) : (
        <form className="form passkey-rename" noValidate onSubmit={submit}>
          <TextField label={`New name for ${passkey.name}`} value={name} onValueChange={setName} autoComplete="off" />
          <button type="submit" className="btn btn-primary btn-small">
            Save name
          </button>
          <button type="button" className="btn btn-link" onClick={() => setName(null)}>
            Cancel
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
  const actor = useFlow(passkeysMachine);
  const passkeys = useSelector(actor, (s) => s.context.passkeys);
  const form = useSelector(actor, (s) => s.context.form);
  const adding = useSelector(actor, (s) => s.matches('adding') || s.matches('registering'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
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
        Passkeys
      </h2>
      <p className="hint">
        Sign in and confirm purchases with your phone’s fingerprint, face or screen lock instead of your password and
        pin. A passkey never leaves your phone, and it only works on this site.
      </p>
      {failed && (
        <p role="alert">
          Your passkeys could not be loaded.{' '}
          <button type="button" className="btn btn-link" onClick={() => actor.send({ type: 'passkeys.reload' })}>
            Try again
          </button>
        </p>
      )}
      {passkeys.length > 0 && (
        <ul className="passkey-list" aria-label="Your passkeys">
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
            label="Your password"
            value={form.password}
            onValueChange={(value) => actor.send({ type: 'passkeys.change', field: 'password', value })}
            autoComplete="current-password"
          />
          <TextField
            label="Passkey name"
            value={form.name}
            onValueChange={(value) => actor.send({ type: 'passkeys.change', field: 'name', value })}
            autoComplete="off"
          />
          <SubmitButton busy={busy}>Create passkey</SubmitButton>
          <button type="button" className="btn btn-link" onClick={() => actor.send({ type: 'passkeys.cancel' })}>
            Cancel
          </button>
        </form>
      ) : (
        passkeysSupported() && (
          <button type="button" className="btn btn-secondary" onClick={open} disabled={busy}>
            Add a passkey
          </button>
        )
      )}
      {removing && (
        <ConfirmDialog
          message={`Remove the passkey “${removing.name}”? It will no longer sign you in or confirm purchases.`}
          confirmLabel="Remove"
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
