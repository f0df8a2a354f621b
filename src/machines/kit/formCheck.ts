import type { ValidationResult } from '../../domain/kit/validation';

/**
 * A form its flow checks on submit, by its rule in src/domain (its feature's room): a form breaking the
 * rule stays where it is and says the first thing wrong, once, in a toast; a form keeping it goes
 * on. A flow spreads `formGuard(validate)` into its guards, so the rule is named `formInvalid` in
 * its transitions and its page in docs/machines, and submits with `checkedSubmit(validate, next)`.
 */

type Validate<F> = (form: F) => ValidationResult;

export const formGuard = <F>(validate: Validate<F>) => ({
  formInvalid: ({ context }: { context: { form: F } }) => validate(context.form) !== null,
});

/** The submit's transitions: told what is wrong while `formInvalid`, otherwise on to `next`. */
export const checkedSubmit = <F>(validate: Validate<F>, next: string) =>
  [
    {
      guard: 'formInvalid',
      actions: {
        type: 'toast',
        params: ({ context }: { context: { form: F } }) => ({
          level: 'error' as const,
          message: validate(context.form) ?? '',
        }),
      },
    },
    { target: next },
  ] as const;
