import { GatewayError, PARTNER_RETRY_AFTER_S } from '../errors';
import { IDENTITY_UNAVAILABLE, type IdentityGateway, type IdentityHolder, type IdentityQuery } from './identity';
import { t } from '../i18n';

/** The date of birth on every simulated record (docs/development.md, "Identity checks"): what the customer types. */
export const SIMULATED_DATE_OF_BIRTH = '1990-01-01';
/** The phone on a …222 record: nobody's account has it. */
const SOMEONE_ELSES_PHONE = '08000000222';

/**
 * The development and test identity provider, with outcomes fixed by the number's last three
 * digits (docs/development.md, "Identity checks"), like the simulated biller's. Every holder was born on
 * SIMULATED_DATE_OF_BIRTH.
 *
 * - …000: no such number;
 * - …111: a holder whose name is not the account's (Ngozi Eze), so the check fails on the name;
 * - …222: a holder of the account's name whose phone is not the account's, so the proof fails;
 * - …999: the provider is unavailable;
 * - anything else: the holder is the account's own name, with the account's phone.
 */
export class SimulatedIdentity implements IdentityGateway {
  readonly name = 'simulated';

  async lookUp({ number, name, phone }: IdentityQuery): Promise<IdentityHolder | null> {
    if (number.endsWith('000')) return null;
    if (number.endsWith('999')) throw new GatewayError(t(IDENTITY_UNAVAILABLE), { retryAfterS: PARTNER_RETRY_AFTER_S });
    const phones = [number.endsWith('222') ? SOMEONE_ELSES_PHONE : phone];
    const record = { dateOfBirth: SIMULATED_DATE_OF_BIRTH, phones };
    if (number.endsWith('111')) return { firstName: 'Ngozi', middleName: '', lastName: 'Eze', ...record };
    const words = name.trim().split(/\s+/);
    const lastName = words.length > 1 ? words[words.length - 1] : '';
    return { firstName: words[0] ?? '', middleName: words.slice(1, -1).join(' '), lastName, ...record };
  }
}
