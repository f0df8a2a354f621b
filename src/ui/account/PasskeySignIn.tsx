import { useSelector } from '@xstate/react';
import { passkeysSupported } from '../../machines/kit/passkeySupport';
import { passkeySignInMachine } from '../../machines/account/passkeySignIn';
import { useSession } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';
import { useT } from '../kit/language';

/**
 * /login's passkey sign-in: the e-mail field's autofill (the flow asks the browser as it starts) and
 * "Sign in with a passkey". Loaded after the login form (a lazy chunk of its own), so a first visit
 * of /login pays nothing for it; without passkey support in the browser it draws nothing.
 */
function PasskeySignIn() {
  const t = useT();
  const passkey = useFlow(passkeySignInMachine, { session: useSession() });
  const asking = useSelector(passkey, (s) => s.hasTag('busy'));
  return (
    <button
      type="button"
      className="btn btn-secondary btn-block passkey-sign-in"
      disabled={asking}
      aria-busy={asking}
      onClick={() => passkey.send({ type: 'passkey.signIn' })}
    >
      {t(/*i18n*/ { id: 'auth.passkey.signIn', message: 'Sign in with a passkey' })}
    </button>
  );
}

export default function PasskeySignInIfSupported() {
  return passkeysSupported() ? <PasskeySignIn /> : null;
}
