import type { VenueType } from "@tapeline/core";
import type { EvmLaunchpad } from "./launchpadRegistry.ts";
import type { Rational } from "./rational.ts";

/** A pool as the EVM ingest tracks it in memory (mirrors its `pools` row). */
export type EvmPool = {
  market: string;
  /** pool address, or the 32-byte PoolId on Uniswap V4 */
  address: string;
  venueType: VenueType;
  factory: string;
  exchangeName: string;
  feeBps: number | null;
  token0: string;
  token1: string;
  /** true when token0 is the traded token (token1 the quote) */
  tokenIsToken0: boolean;
  reserve0: bigint | null;
  reserve1: bigint | null;
  liquidity: bigint | null;
  sqrtPriceX96: bigint | null;
  tick: number | null;
  createdAt: number | null;
  createdBlock: bigint | null;
  updatedBlock: bigint | null;
  /** native value of the pool's reserves at its last update (null when unknown) */
  liquidityNative: Rational | null;
  /** a launchpad's bonding curve: what the launchpad's events said (unknown fields null) */
  curve?: CurveState;
};

/** A bonding curve's launchpad facts, as its events report them. */
export type CurveState = {
  launchpad: EvmLaunchpad;
  creator: string | null;
  /** percent of the sale supply sold (null until a CurveSync is seen) */
  progress: number | null;
  migrated: boolean;
  /** ms: the block time of the Graduated event */
  graduatedAt: number | null;
};

/** Token facts the pricing needs. */
export type EvmToken = { address: string; decimals: number | null; symbol: string | null };

/**
 * The in-memory market state of one chain's EVM ingest: known pools and tokens, addresses known
 * not to be pools of a registered venue, and the prices used to value quotes in native units.
 * It is a cache of the database (rebuilt from it after a restart or a rollback).
 */
export type EvmMarketState = {
  pools: Map<string, EvmPool>;
  tokens: Map<string, EvmToken>;
  /** addresses or pool ids seen in logs that are not pools of a registered factory */
  ignored: Set<string>;
  /** price of one whole token in native units, from its deepest native-valued pool */
  tokenNative: Map<string, { price: Rational; depth: Rational | null; market: string }>;
  /** USD per whole native coin, from the deepest native/USD-stablecoin pool */
  nativeUsd: { price: Rational; depth: Rational | null; market: string } | null;
};

/** An empty market state. */
export function createEvmMarketState(): EvmMarketState {
  return { pools: new Map(), tokens: new Map(), ignored: new Set(), tokenNative: new Map(), nativeUsd: null };
}
