import type { PoolRecord, TokenRecord, VenueType } from "@tapeline/core";
import type { SolanaTransaction } from "./SolanaTransaction.ts";

/**
 * One swap a venue executed: what entered and what left the pool, in the pool's own numbers
 * (vault transfers, or the venue's event data when the pool holds lamports).
 */
export type SwapLeg = {
  venueType: VenueType;
  programId: string;
  exchangeName: string;
  pool: string;
  /** instruction path of the swap instruction, e.g. "2" or "2.5" */
  path: string;
  /** flat index of the swap instruction in `tx.instructions` */
  flatIndex: number;
  mintIn: string;
  amountIn: bigint;
  mintOut: string;
  amountOut: bigint;
  /** the trader as the venue names it (event `user`), when it does */
  trader: string | null;
  /** user-side token accounts of the leg, to resolve the maker from their owners */
  counterparties: string[];
  token0: string;
  token1: string;
  /** pool reserves after the swap, null when the venue's vaults are not the pool's reserves */
  reserve0: bigint | null;
  reserve1: bigint | null;
  launchpad: string | null;
  bondingProgress: number | null;
  /** unix ms from the venue's event, when it carries a timestamp */
  eventAt: number | null;
};

/** A launchpad lifecycle fact decoded from the launchpad's own events. */
export type SolanaLaunchpadEvent = {
  kind: "create" | "complete" | "migrate";
  launchpad: string;
  mint: string;
  /** the launchpad pool (bonding curve) */
  pool: string;
  /** unix ms from the event's own timestamp, else the block time */
  at: number | null;
  signature: string;
  slot: bigint | null;
  /** the token's deployer: the launchpad pool's creator */
  creator: string | null;
  bondingProgress: number | null;
  /** the pool the token graduated to (migration) */
  migratedTo: string | null;
};

/** What venue decoders add while reading one transaction. */
export type VenueOutput = {
  legs: SwapLeg[];
  pools: PoolRecord[];
  tokens: TokenRecord[];
  launchpadEvents: SolanaLaunchpadEvent[];
};

/**
 * A venue decoder, registered by venue type: a pure function over one instruction of its
 * program (flat index `i`), adding the legs, pools, tokens and launchpad events it executed.
 */
export type SolanaVenue = {
  venueType: VenueType;
  programId: string;
  exchangeName: string;
  decode(tx: SolanaTransaction, i: number, out: VenueOutput): void;
};
