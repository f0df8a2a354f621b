/**
 * An identity provider (Dojah, Prembly, ...) that looks a BVN or NIN up in NIBSS's or NIMC's
 * records. We ask for the holder's names, date of birth and phone numbers only to compare them
 * with the account's and the date the customer typed, then forget them and the number
 * (services/identity.ts).
 */

export type IdentityKind = 'bvn' | 'nin';

/** What a customer reads when the identity provider cannot answer a lookup, whichever provider it is. */
export const IDENTITY_UNAVAILABLE = /*i18n*/ {
  id: 'partner.identity.down',
  message: 'the identity service is not available right now, please try again in a few minutes',
};

export interface IdentityQuery {
  kind: IdentityKind;
  /**
   * 11 digits. Confidential: never logged, never stored (docs/domain.md, "Identity numbers";
   * SECURITY.md, "Assets").
   */
  number: string;
  /** The name on the account, which some providers match on their side. */
  name: string;
  /** The account's phone (0XXXXXXXXXX): only the simulated provider reads it, to give it to its holders. */
  phone: string;
}

export interface IdentityHolder {
  firstName: string;
  middleName: string;
  lastName: string;
  /** The date of birth on the record, YYYY-MM-DD; '' when the provider gave none it could read. */
  dateOfBirth: string;
  /** The phone numbers on the record as the provider wrote them (any form), blanks left out. */
  phones: string[];
}

export interface IdentityGateway {
  readonly name: string;
  /**
   * The holder of the number, or null when the provider has no such number. Rejects with a
   * GatewayError when the provider cannot be reached or answers out of turn.
   */
  lookUp(query: IdentityQuery): Promise<IdentityHolder | null>;
}
