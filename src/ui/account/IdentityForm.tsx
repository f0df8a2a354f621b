import { useId, type FormEvent } from 'react';
import { BANKS } from '../../../core/banks';
import { ID_NUMBER_MAX_LENGTH } from '../../../core/limits';
import type { IdentityForm as Form } from '../../domain/kit/identityForms';
import { DateOfBirthField } from './DateOfBirthField';
import { useT } from '../kit/language';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';

interface IdentityFormProps {
  form: Form;
  busy: boolean;
  /** Ask for one of the user's own bank accounts too (a partner validates a BVN with it). */
  askBankAccount: boolean;
  /** Which numbers are verified already: typed again, they are only checked, not looked up. */
  verified: { bvn: boolean; nin: boolean };
  onChange: (field: keyof Form, value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
}

/**
 * The BVN/NIN verification /funding offers in place (the profile's fields, one at a time): the
 * kind, the 11 digits, the holder's date of birth, and — with a BVN, when a partner needs it —
 * one of the user's own bank accounts. The number is checked on submit and never kept by the app
 * once sent.
 */
export function IdentityForm({
  form,
  busy,
  askBankAccount,
  verified,
  onChange,
  onSubmit,
  submitLabel,
}: IdentityFormProps) {
  const t = useT();
  const kindId = useId();
  const bankId = useId();
  const bankHintId = useId();
  const label = form.kind === 'bvn' ? 'BVN' : 'NIN';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    // noValidate: the flow checks the form and says what is missing, once, in a toast.
    <form className="form card identity-form" noValidate onSubmit={submit}>
      <fieldset className="identity-kind">
        <legend id={kindId} className="field-label">
          {t(/*i18n*/ { id: 'account.id.which', message: 'Which number?' })}
        </legend>
        {(['bvn', 'nin'] as const).map((kind) => (
          <label key={kind} className="identity-kind-option">
            <input
              type="radio"
              name="identity-kind"
              value={kind}
              checked={form.kind === kind}
              onChange={() => onChange('kind', kind)}
            />
            {kind === 'bvn'
              ? t(/*i18n*/ { id: 'account.id.bvnLong', message: 'BVN (Bank Verification Number)' })
              : t(/*i18n*/ { id: 'account.id.ninLong', message: 'NIN (National Identification Number)' })}
            {verified[kind] && (
              <span className="hint">
                {' '}
                — {t(/*i18n*/ { id: 'account.id.typeAgain', message: 'verified; type it again to confirm' })}
              </span>
            )}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t(/*i18n*/ { id: 'account.id.yours', message: 'Your {kind}' }, { kind: label })}
        value={form.bvn_or_nin}
        onValueChange={(value) => onChange('bvn_or_nin', value)}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={ID_NUMBER_MAX_LENGTH}
        autoComplete="off"
      />
      <DateOfBirthField
        value={form.date_of_birth}
        onValueChange={(value) => onChange('date_of_birth', value)}
        hint={t(
          /*i18n*/ {
            id: 'account.id.birthHint',
            message: "As registered with your {kind}. This account's phone number must be registered with it too.",
          },
          { kind: label },
        )}
      />
      {askBankAccount && form.kind === 'bvn' && (
        <div className="identity-bank">
          <div className="field">
            <label className="field-label" htmlFor={bankId}>
              {t(/*i18n*/ { id: 'account.id.bank', message: 'Your bank' })}
            </label>
            <div className="field-control">
              <select
                id={bankId}
                className="input select"
                value={form.bank_code}
                aria-describedby={bankHintId}
                onChange={(e) => onChange('bank_code', e.target.value)}
              >
                <option value="">{t(/*i18n*/ { id: 'account.id.chooseBank', message: 'Choose your bank' })}</option>
                {BANKS.map((bank) => (
                  <option key={bank.code} value={bank.code}>
                    {bank.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <TextField
            label={t(/*i18n*/ { id: 'account.id.accountNumber', message: 'Your account number at that bank' })}
            value={form.bank_account_number}
            onValueChange={(value) => onChange('bank_account_number', value)}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={10}
            autoComplete="off"
          />
          <p id={bankHintId} className="hint">
            {t(
              /*i18n*/ {
                id: 'account.id.bankHint',
                message:
                  'Paystack confirms your BVN with an account in your own name. Leave both empty to skip Paystack.',
              },
            )}
          </p>
        </div>
      )}
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
}
