/**
 * A wallet's public identity (`GET`/`POST /v1/wallet/profile`): on-chain names read through the
 * name resolvers and records of the configured social identity sources.
 */
export type WalletProfile = {
  address: string;
  displayName: string | null;
  avatarUrl: string | null;
  /** ENS primary name whose forward record points back at the address */
  ensName: string | null;
  /** Basenames primary name on Base, forward-verified likewise */
  basename: string | null;
  /** SNS favourite domain (with `.sol`) */
  solName: string | null;
  bio: string | null;
  /** network key to handle or URL; `url` is the profile's web page when a source gives one */
  socials: Record<string, string>;
  followerCounts: Record<string, number>;
  /** names of the resolvers and sources that answered (`ens`, `basename`, `sns`, a source's name) */
  sources: string[];
  /** `<network>:<handle>` of the identity the profile belongs to */
  identityGroup: string;
  isProTrader: boolean;
};

/** The single profile answer: the profile (null without known identity) and the other wallets of its identity. */
export type WalletProfileAnswer = { profile: WalletProfile | null; linkedWallets: string[] };

/** Wallet identity reads. */
export interface ProfileQueries {
  /** `address`: an EVM address (lowercase) or a Solana public key, judged by the API edge */
  walletProfile(q: { address: string }): Promise<WalletProfileAnswer>;
}
