import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  STAFF_ROLES,
  type InvitationSent,
  type StaffChange,
  type StaffMember,
  type StaffOutcome,
  type StaffRole,
} from '../../../core/console';
import { TextField } from '../kit/TextField';
import { useFlow } from '../kit/useFlow';
import { staffChangeApprovalMachine } from '../../machines/console/staffChangeApproval';
import { ActionButton, CodeField, Empty, Loaded, OpsTable, When } from './components';
import { useAction, useRecord } from './flows';
import { useStaff } from './staffContext';

/**
 * Staff accounts (admin): invite, change a role, disable, reset a lost second factor. Creating,
 * resetting or raising a finance or admin identity waits for a second admin, listed here for
 * another admin to approve; an invitation goes to its owner's address, and the screen says where.
 */
export function StaffScreen() {
  const me = useStaff();
  const record = useRecord('staff', null);
  const changes = useRecord('staffChanges', null);
  const [sent, setSent] = useState<InvitationSent | null>(null);
  const [form, setForm] = useState({ email: '', name: '', role: 'support' as StaffRole });
  const reload = () => {
    record.reload();
    changes.reload();
  };
  const told = (outcome: StaffOutcome) => {
    setSent(outcome.invitation);
    reload();
  };
  const create = useAction('staff.create', {
    onDone: (outcome) => {
      setForm({ email: '', name: '', role: 'support' });
      told(outcome);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.start(form);
  };
  return (
    <>
      <h1>Staff</h1>
      {sent && (
        <p className="ops-invitation" role="status">
          Invitation sent to {sent.sent_to} (valid until <When at={sent.expires_at} />
          ): only they can open it.
        </p>
      )}
      <form className="ops-money-form" onSubmit={submit} noValidate aria-label="Invite a staff member">
        <h2>Invite</h2>
        <TextField
          label="E-mail"
          type="email"
          value={form.email}
          onValueChange={(email) => setForm({ ...form, email })}
        />
        <TextField label="Name" value={form.name} onValueChange={(name) => setForm({ ...form, name })} />
        <label className="field-label">
          Role
          <select
            className="input select"
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">A finance or admin account is created once another admin approves it.</p>
        <button type="submit" className="btn btn-primary btn-small" aria-busy={create.busy || undefined}>
          Create and invite
        </button>
      </form>
      <section className="ops-section" aria-label="Changes waiting for a second admin">
        <h2>Changes waiting for a second admin</h2>
        <Loaded record={changes} what="the staff changes">
          {(list) =>
            list.length === 0 ? (
              <Empty>No staff change yet.</Empty>
            ) : (
              <ul className="ops-cases">
                {list.map((change) => (
                  <ChangeRow key={change.id} change={change} onDone={told} onChanged={reload} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>
      <Loaded record={record} what="the staff">
        {(staff) => (
          <OpsTable
            rows={staff}
            rowKey={(member) => member.id}
            empty="No staff yet."
            columns={[
              { title: 'E-mail', cell: (member) => member.email },
              { title: 'Name', cell: (member) => member.name },
              { title: 'Role', cell: (member) => member.role },
              { title: 'State', cell: stateOf },
              {
                title: '',
                cell: (member) => member.id !== me.id && <StaffActions member={member} onDone={told} />,
              },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}

/** Where a member's account stands, as a word. */
function stateOf(member: StaffMember): string {
  if (member.disabled) return 'disabled';
  if (member.invitation_pending) return 'invited';
  return member.enrolled ? 'active' : 'setting up';
}

/** What an admin may do to another member: another role, disable or enable, a new sign-in. */
function StaffActions({ member, onDone }: { member: StaffMember; onDone: (outcome: StaffOutcome) => void }) {
  return (
    <div className="ops-row">
      {STAFF_ROLES.filter((role) => role !== member.role).map((role) => (
        <ActionButton
          key={role}
          label={`Make ${role}`}
          action="staff.update"
          args={{ staff_id: member.id, role }}
          onDone={onDone}
        />
      ))}
      <ActionButton
        label={member.disabled ? 'Enable' : 'Disable'}
        action="staff.update"
        args={{ staff_id: member.id, disabled: !member.disabled }}
        onDone={onDone}
      />
      {!member.disabled && (
        <ActionButton label="Reset sign-in" action="staff.reset" args={{ staffId: member.id }} onDone={onDone} />
      )}
    </div>
  );
}

const WHAT: Record<StaffChange['kind'], (change: StaffChange) => string> = {
  create: (change) => `Create ${change.email} (${change.name}) as ${change.role}`,
  reset: (change) => `Reset the sign-in of ${change.email} (${change.role})`,
  raise: (change) => `Make ${change.email} ${change.role}`,
};

function ChangeRow({
  change,
  onDone,
  onChanged,
}: {
  change: StaffChange;
  onDone: (outcome: StaffOutcome) => void;
  onChanged: () => void;
}) {
  const me = useStaff();
  const decision = () => {
    if (change.maker_id === me.id)
      return (
        <div className="ops-row">
          <p className="hint">You asked for this: another admin must approve it.</p>
          <ActionButton
            label="Withdraw"
            action="staffChange.cancel"
            args={{ changeId: change.id }}
            onDone={onChanged}
          />
        </div>
      );
    if (change.staff_id === me.id)
      return <p className="hint">This change is about your own account: another admin must approve it.</p>;
    return <Approval change={change} onDone={onDone} onChanged={onChanged} />;
  };
  return (
    <li className="ops-case" data-status={change.status} aria-label={`Staff change ${change.id}`}>
      <p>
        <strong>#{change.id}</strong> {WHAT[change.kind](change)} · {change.status}
      </p>
      <p>
        Asked by {change.maker} <When at={change.created_at} />, expires <When at={change.expires_at} />.
      </p>
      {change.status === 'pending'
        ? decision()
        : change.checker && (
            <p className="hint">
              {change.status} by {change.checker} <When at={change.decided_at} />
              {change.decision_note ? `: ${change.decision_note}` : ''}
            </p>
          )}
    </li>
  );
}

function Approval({
  change,
  onDone,
  onChanged,
}: {
  change: StaffChange;
  onDone: (outcome: StaffOutcome) => void;
  onChanged: () => void;
}) {
  const actor = useFlow(staffChangeApprovalMachine, { changeId: change.id });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const decided = useSelector(actor, (snapshot) => snapshot.context.decided);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  // Told once, when the approval is done; the latest callback, without re-running on every render.
  const done = useRef(onDone);
  useLayoutEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (decided) done.current(decided);
  }, [decided]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'staffApproval.submit' });
  };
  if (state === 'reviewing')
    return (
      <div className="ops-row">
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => actor.send({ type: 'staffApproval.approve' })}
        >
          Approve…
        </button>
        <ActionButton
          label="Turn down…"
          action="staffChange.reject"
          args={{ changeId: change.id }}
          noteLabel="Why you turn it down"
          noteMin={3}
          onDone={onChanged}
        />
      </div>
    );
  if (state === 'confirming' || state === 'approving')
    return (
      <form onSubmit={submit} noValidate aria-label="Approve with your code">
        <p className="hint">
          Approving makes the change now, and e-mails any invitation to {change.email}. Confirm it is you.
        </p>
        <CodeField value={code} onChange={(value) => actor.send({ type: 'staffApproval.type', value })} />
        <div className="ops-row">
          <button type="submit" className="btn btn-primary btn-small" aria-busy={busy || undefined} disabled={busy}>
            Approve
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => actor.send({ type: 'staffApproval.back' })}
          >
            Back
          </button>
        </div>
      </form>
    );
  return null;
}
