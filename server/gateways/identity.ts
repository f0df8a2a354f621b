/**
 * An identity provider (Dojah, Prembly, ...) that looks a BVN or NIN up in NIBSS's or NIMC's
 * records. We ask for the holder's names only to compare them with the account's, then forget
 * them and the number (services/identity.ts).
 */

export type IdentityKind = 'bvn' | 'nin';

export interface IdentityQuery {
  kind: IdentityKind;
  /** 11 digits. Confidential: never logged, never stored (docs/domain.md, "Identity numbers"; SECURITY.md, "Assets"). */
  number: string;
  /** The name on the account, which some providers match on their side. */
  name: string;
}

export interface IdentityHolder {
  firstName: string;
  middleName: string;
  lastName: string;
}

export interface IdentityGateway {
  readonly name: string;
  /**
   * The holder of the number, or null when the provider has no such number. Rejects with a
   * GatewayError when the provider cannot be reached or answers out of turn.
   */
  lookUp(query: IdentityQuery): Promise<IdentityHolder | null>;
}
