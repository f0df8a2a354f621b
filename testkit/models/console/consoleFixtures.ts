import type { MoneyRequest, SignInAnswer, StaffChange, StaffOutcome, StaffProfile } from '../../../core/console';
import { ConsoleError } from '../../../src/api/console/calls';

/**
 * What the console's test models answer with: staff, sign-in answers, a money request, a staff
 * change, the server's refusals.
 */

export const ada: StaffProfile = { id: 3, email: 'ada@ops.test', name: 'Ada Obi', role: 'finance' };
export const answer = (stage: SignInAnswer['stage']): SignInAnswer => ({
  token: 'staff-token-0123456789abcdef',
  stage,
  staff: ada,
});

export const refused = (message: string, status = 403) => new ConsoleError(message, status);
export const WRONG_PASSWORD = refused('the e-mail or password is not right', 401);
export const WRONG_CODE = refused(
  'that code is not right: enter the current six-digit code from your authenticator app',
);
export const PASSKEY_REFUSED = refused('this passkey could not be checked: try again, or use your password or pin');
/** What the browser throws when the user closes its prompt. */
export const CLOSED_PROMPT = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
});
export const SESSION_OVER = refused('too many wrong codes: sign in again (authorization ended)', 401);

export const pendingRequest: MoneyRequest = {
  id: 7,
  kind: 'goodwill-credit',
  status: 'pending',
  amount: 500,
  customer: { id: 12, name: 'Chidi Okeke', email: 'chidi@example.com' },
  transfer: null,
  reason: 'Airtime delivered late twice',
  needs_admin: false,
  maker: 'bola@ops.test',
  maker_id: 4,
  created_at: '2026-11-26T09:00:00.000Z',
  expires_at: '2026-11-26T13:00:00.000Z',
  checker: null,
  decided_at: null,
  decision_note: null,
};
export const decided = (status: MoneyRequest['status']): MoneyRequest => ({
  ...pendingRequest,
  status,
  checker: ada.email,
  decided_at: '2026-11-26T09:05:00.000Z',
});

export const pendingStaffChange: StaffChange = {
  id: 5,
  kind: 'create',
  status: 'pending',
  staff_id: null,
  email: 'funmi@ops.test',
  name: 'Funmi Bello',
  role: 'finance',
  maker: 'bola@ops.test',
  maker_id: 4,
  created_at: '2026-11-26T09:00:00.000Z',
  expires_at: '2026-11-27T09:00:00.000Z',
  checker: null,
  decided_at: null,
  decision_note: null,
};
/** A creation approved: the account exists and its invitation went to its owner's address, never to the admins. */
export const approvedCreation: StaffOutcome = {
  staff: {
    id: 9,
    email: 'funmi@ops.test',
    name: 'Funmi Bello',
    role: 'finance',
    enrolled: false,
    disabled: false,
    invitation_pending: true,
    created_at: '2026-11-26T09:05:00.000Z',
  },
  invitation: { sent_to: 'funmi@ops.test', expires_at: '2026-11-29T09:05:00.000Z' },
  change: {
    ...pendingStaffChange,
    status: 'approved',
    staff_id: 9,
    checker: ada.email,
    decided_at: '2026-11-26T09:05:00.000Z',
  },
};
