import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type Invitation, type StaffRole } from '../../../../core/console';
import { TextField } from '../../../ui/components/TextField';
import { ActionButton, Loaded, When } from '../components';
import { useAction, useRecord } from '../flows';
import { useStaff } from '../staffContext';

/** Staff accounts (admin): invite, change a role, disable, reset a lost second factor. */
export function StaffScreen() {
  const me = useStaff();
  const record = useRecord('staff', null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [form, setForm] = useState({ email: '', name: '', role: 'support' as StaffRole });
  const handOver = (given: Invitation) => {
    setInvitation(given);
    record.reload();
  };
  const create = useAction('staff.create', {
    onDone: (given) => {
      setForm({ email: '', name: '', role: 'support' });
      handOver(given);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.start(form);
  };
  return (
    <>
      <h1>Staff</h1>
      {invitation && (
        <div className="ops-invitation" role="status">
          <p>
            Invitation for {invitation.staff.email} (valid until <When at={invitation.expires_at} />). Hand it over by a channel you trust: it is shown once.
          </p>
          <code data-testid="invitation-url">{invitation.invitation_url}</code>
        </div>
      )}
      <form className="ops-money-form" onSubmit={submit} noValidate aria-label="Invite a staff member">
        <h2>Invite</h2>
        <TextField label="E-mail" type="email" value={form.email} onValueChange={(email) => setForm({ ...form, email })} />
        <TextField label="Name" value={form.name} onValueChange={(name) => setForm({ ...form, name })} />
        <label className="field-label">
          Role
          <select className="input select" value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}>
            {STAFF_ROLES.map((role) => <option key={role} value={role}>{role}</option>)}
          </select>
        </label>
        <button type="submit" className="btn btn-primary btn-small" aria-busy={create.busy || undefined}>Create and invite</button>
      </form>
      <Loaded record={record} what="the staff">
        {(staff) => (
          <table className="ops-table">
            <thead><tr><th>E-mail</th><th>Name</th><th>Role</th><th>State</th><th /></tr></thead>
            <tbody>
              {staff.map((member) => (
                <tr key={member.id}>
                  <td>{member.email}</td>
                  <td>{member.name}</td>
                  <td>{member.role}</td>
                  <td>{member.disabled ? 'disabled' : member.invitation_pending ? 'invited' : member.enrolled ? 'active' : 'setting up'}</td>
                  <td>
                    {member.id !== me.id && (
                      <div className="ops-row">
                        {STAFF_ROLES.filter((role) => role !== member.role).map((role) => (
                          <ActionButton key={role} label={`Make ${role}`} action="staff.update" args={{ staff_id: member.id, role }} onDone={() => record.reload()} />
                        ))}
                        <ActionButton label={member.disabled ? 'Enable' : 'Disable'} action="staff.update" args={{ staff_id: member.id, disabled: !member.disabled }} onDone={() => record.reload()} />
                        {!member.disabled && <ActionButton label="Reset sign-in" action="staff.reset" args={{ staffId: member.id }} onDone={handOver} />}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </>
  );
}
