import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Envelope, UpdateProfileRequest, UserData } from '../../../core/contract';
import { updateProfile } from '../../api/account/profile';
import type { SessionUser } from '../../domain/account/user';
import { visibleDigits } from '../../domain/kit/mask';
import { idNumberInput, phoneInput } from '../../domain/kit/numericInput';
import { validateProfile, type ProfileForm } from '../../domain/kit/identityForms';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';
import type { sessionMachine } from '../app/session';

/**
 * /profile: name, phone, NIN and BVN, prefilled from the session's user; the e-mail is read-only
 * and no part of the form. A NIN or BVN is verified by the server before it is kept (a verified
 * number raises the wallet's KYC tier), with the holder's date of birth typed beside it (the
 * record's must be the same), and the app only ever holds the verified one as the server sends
 * it, masked to its last four digits (a BVN is confidential). Its field starts empty, so a field
 * left empty keeps the number on file and a typed one is sent for verification.
 */
export interface ProfileInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

type IdNumbers = Pick<SessionUser, 'nin' | 'bvn'>;

export interface ProfileContext extends ProfileInput {
  form: ProfileForm;
  /** The NIN and BVN on file, which the view shows masked. */
  saved: IdNumbers;
}

export type ProfileEvent =
  { type: 'profile.change'; field: keyof ProfileForm; value: string } | { type: 'profile.submit' };

/** Phone, NIN and BVN hold digits only, at most 11, whatever was typed, pasted or autofilled. */
const FIELD_INPUT: Partial<Record<keyof ProfileForm, (value: string) => string>> = {
  phone: phoneInput,
  nin: idNumberInput,
  bvn: idNumberInput,
};

/** Numbers still typed, not yet behind the mask. */
const numbersTyped = (form: ProfileForm) => form.nin.trim() !== '' || form.bvn.trim() !== '';

/** The date of birth goes only with a number it proves. */
const toRequest = ({ form }: ProfileContext): Omit<UpdateProfileRequest, 'device'> => ({
  name: form.name.trim(),
  phone: form.phone.trim(),
  nin: form.nin.trim(),
  bvn: form.bvn.trim(),
  date_of_birth: numbersTyped(form) ? form.date_of_birth.trim() : '',
});

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    updateProfile: fromPromise<Envelope<UserData>, Omit<UpdateProfileRequest, 'device'>>(({ input, signal }) =>
      updateProfile(input, signal),
    ),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: keyof ProfileForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    // The numbers just verified go behind their mask (the server answers their last four
    // digits); one typed meanwhile, ending otherwise, stays as typed. The date of birth is
    // forgotten with the last number it could prove.
    keepSaved: assign(({ context }, params: { data: Partial<UserData> }) => {
      const saved = { nin: params.data.nin ?? context.saved.nin, bvn: params.data.bvn ?? context.saved.bvn };
      const masked = (field: keyof IdNumbers) => {
        const ending = visibleDigits(saved[field]);
        return ending && context.form[field].trim().endsWith(ending) ? '' : context.form[field];
      };
      const form = { ...context.form, nin: masked('nin'), bvn: masked('bvn') };
      return { saved, form: { ...form, date_of_birth: numbersTyped(form) ? form.date_of_birth : '' } };
    }),
    updateSession: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.update' as const, data: params.data }),
    ),
  },
  guards: {
    ...formGuard(validateProfile),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => {
    const { name, phone, nin, bvn } = input.session.getSnapshot().context.user;
    return { session: input.session, form: { name, phone, nin: '', bvn: '', date_of_birth: '' }, saved: { nin, bvn } };
  },
  initial: 'editing',
  // Typing is kept in every state, so nothing entered while a request runs is lost.
  on: {
    'profile.change': {
      actions: {
        type: 'change',
        params: ({ event }) => ({ field: event.field, value: FIELD_INPUT[event.field]?.(event.value) ?? event.value }),
      },
    },
  },
  states: {
    editing: {
      on: {
        'profile.submit': checkedSubmit(validateProfile, 'submitting'),
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => toRequest(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'updateSession', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            { type: 'keepSaved', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
