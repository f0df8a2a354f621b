import { GatewayError } from '../errors';
import type { IdentityGateway, IdentityHolder, IdentityQuery } from './identity';

/**
 * The development and test identity provider, with outcomes fixed by the number's last three
 * digits (README "Identity checks"), like the simulated biller's:
 *
 * - …000: no such number;
 * - …111: a holder whose name is not the account's (Ngozi Eze), so the check fails on the name;
 * - …999: the provider is unavailable;
 * - anything else: the holder is the account's own name.
 */
export class SimulatedIdentity implements IdentityGateway {
  readonly name = 'simulated';

  async lookUp({ number, name }: IdentityQuery): Promise<IdentityHolder | null> {
    if (number.endsWith('000')) return null;
    if (number.endsWith('999')) throw new GatewayError(SIMULATED_UNAVAILABLE);
    if (number.endsWith('111')) return { firstName: 'Ngozi', middleName: '', lastName: 'Eze' };
    const words = name.trim().split(/\s+/);
    return { firstName: words[0] ?? '', middleName: words.slice(1, -1).join(' '), lastName: words.length > 1 ? words[words.length - 1] : '' };
  }
}

export const SIMULATED_UNAVAILABLE = 'the identity service is not available right now, please try again in a few minutes';
