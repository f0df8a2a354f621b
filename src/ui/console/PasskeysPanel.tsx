import { passkeysSupported } from '../../machines/kit/passkeySupport';
import { ActionButton, Empty, Loaded, Section, When } from './components';
import { useRecord } from './flows';

/**
 * The signed-in staff member's own passkeys: the console's phishing-resistant second factor.
 * Once an admin or finance account holds one, it signs in and approves with it; its authenticator
 * codes are refused (recovery codes stay, for a lost phone).
 */
export function PasskeysPanel() {
  const record = useRecord('passkeys', null);
  return (
    <Section
      title="Your passkeys"
      actions={
        passkeysSupported() && (
          <ActionButton
            label="Add a passkey"
            action="passkey.add"
            args={null}
            noteLabel="Name of this passkey (the device that holds it)"
            onDone={() => record.reload()}
          />
        )
      }
    >
      <p className="hint">
        A passkey signs you in and confirms approvals with this device’s screen lock, and only on this console’s own
        address: a look-alike page cannot use it.
      </p>
      <Loaded record={record} what="your passkeys">
        {(passkeys) =>
          passkeys.length === 0 ? (
            <Empty>No passkey yet: you confirm with your authenticator app.</Empty>
          ) : (
            <table className="ops-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Added</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {passkeys.map((passkey) => (
                  <tr key={passkey.id}>
                    <td>{passkey.name}</td>
                    <td>
                      <When at={passkey.created_at} />
                    </td>
                    <td>
                      <When at={passkey.last_used_at} />
                    </td>
                    <td>
                      <ActionButton
                        label={`Remove ${passkey.name}`}
                        action="passkey.remove"
                        args={{ passkeyId: passkey.id }}
                        onDone={() => record.reload()}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Section>
  );
}
