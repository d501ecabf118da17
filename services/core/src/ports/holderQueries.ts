import type { MarketRef } from "./marketQueries.ts";

/** What a holder is known to be, besides a wallet. */
export const HOLDER_TAGS = ["pool", "bondingCurve", "burn", "locker", "programOwned"] as const;
export type HolderTag = (typeof HOLDER_TAGS)[number];

/** Bounds of `GET /v1/token/holders`. */
export const HOLDER_LIMITS = { min: 1, max: 100, default: 50 } as const;

/** One holder of a token, largest balance first. */
export type TokenHolderRow = {
  /** 1 for the largest holder */
  rank: number;
  /** wallet (EVM address; Solana token-account owner) */
  address: string;
  /** raw token units, decimal string */
  amount: string;
  /** percent of the recorded total supply; null when the supply is unknown */
  supplySharePct: number | null;
  tags: HolderTag[];
};

/** A page of a token's holders. */
export type TokenHolderPage = {
  data: TokenHolderRow[];
  /** holders with a positive balance; null while the token's balances are not tracked yet */
  holderCount: number | null;
  /** raw units, as recorded for the token; null when unknown */
  totalSupply: string | null;
  decimals: number | null;
  /** the block (Solana: slot) balances are kept from; null while not tracked */
  trackedSinceBlock: number | null;
  /** every row was judged for `programOwned` (always on Solana; on EVM when the chain's node answered) */
  programOwnedChecked: boolean;
  hasMore: boolean;
  nextCursor: string | null;
};

/** Token holders (`GET /v1/token/holders`). */
export interface HolderQueries {
  /**
   * @throws NotFoundError for a token with no stored market
   * @throws InvalidParamError naming `cursor` for a cursor this token did not give
   */
  tokenHolders(q: MarketRef & { limit: number; cursor: string | null }): Promise<TokenHolderPage>;
}
