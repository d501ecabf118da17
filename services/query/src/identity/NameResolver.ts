/** Which profile field a resolver fills. */
export type NameKind = "ens" | "basename" | "sns";

/**
 * Reads a wallet's primary on-chain name, verified (the name points back at the wallet).
 * `nameOf` answers null when the wallet has none or it does not verify, and throws when the node
 * cannot answer (the profile is then served without the name, and nothing is cached).
 */
export interface NameResolver {
  readonly kind: NameKind;
  readonly family: "evm" | "solana";
  nameOf(address: string): Promise<string | null>;
}
