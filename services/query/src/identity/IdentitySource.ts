/**
 * One identity a social source knows: a handle on a network and the wallets it verified for it.
 * Records of one `<network>:<handle>` make one identity cluster; its wallets are linked.
 */
export type IdentityRecord = {
  network: string;
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  /** profile web page */
  url: string | null;
  followerCount: number | null;
  /** wallets verified for this identity: EVM lowercase, Solana base58 */
  wallets: readonly string[];
};

/**
 * A social identity source (a JSON file of records today; a live one, e.g. Farcaster
 * verifications, implements the same two members). `recordsOf` answers the identities that
 * verified `address`, already normalized (EVM lowercase). It may throw when its backend is down:
 * the profile is then served without it and nothing is cached.
 */
export interface IdentitySource {
  /** the name served in a profile's `sources` */
  readonly name: string;
  recordsOf(address: string): Promise<readonly IdentityRecord[]>;
}
