import type { VenueType } from "@tapeline/core";

/** A log as JSON-RPC returns it (fields the decoders and the pipeline use). */
export type RawLog = {
  address: string;
  topics: readonly string[];
  data: string;
  blockNumber: bigint;
  blockHash: string;
  transactionHash: string;
  transactionIndex?: number;
  logIndex: number;
};

/** Where an event sits on the chain. */
export type LogPosition = { block: bigint; blockHash: string; txHash: string; logIndex: number };

/**
 * A venue event normalized across venue families. `pool` is the lowercase pool address, or the
 * 32-byte PoolId on Uniswap V4. Amounts are the pool's balance changes: positive flows into the
 * pool, negative out of it (V2 in/out pairs and V4's caller-side deltas are converted).
 */
export type DexEvent =
  | (LogPosition & {
      kind: "swap";
      venueType: VenueType;
      pool: string;
      /** the contract that called the pool (a router, the pool manager's locker…) */
      sender: string;
      /** who received the output, when the event says (V2 `to`, V3 `recipient`) */
      recipient: string | null;
      amount0: bigint;
      amount1: bigint;
      sqrtPriceX96: bigint | null;
      liquidity: bigint | null;
      tick: number | null;
      /** V4: the fee in hundredths of a bip charged on this swap */
      fee: number | null;
    })
  | (LogPosition & { kind: "sync"; venueType: VenueType; pool: string; reserve0: bigint; reserve1: bigint })
  | (LogPosition & {
      kind: "liquidity";
      venueType: VenueType;
      pool: string;
      /** V3/V4 position range and liquidity delta (negative on burn); null on V2 */
      tickLower: number | null;
      tickUpper: number | null;
      liquidityDelta: bigint | null;
      /** token amounts added (positive) or removed (negative); null on V4 (not in the event) */
      amount0: bigint | null;
      amount1: bigint | null;
    })
  | (LogPosition & {
      kind: "poolCreated";
      venueType: VenueType;
      /** the emitting factory (the PoolManager on V4) */
      factory: string;
      pool: string;
      token0: string;
      token1: string;
      /** fee in hundredths of a bip (V3/V4), null when the event has none */
      fee: number | null;
      tickSpacing: number | null;
      hooks: string | null;
      stable: boolean | null;
      sqrtPriceX96: bigint | null;
      tick: number | null;
      /** a launchpad's creation event: who launched the curve */
      creator?: string | null;
      /** a launchpad's creation event: the launched token's metadata URI, when it records one */
      uri?: string | null;
    })
  | (LogPosition & {
      kind: "curve";
      venueType: VenueType;
      pool: string;
      /** the curve's (virtual) reserves after the trade, in the pool's token order */
      reserve0: bigint;
      reserve1: bigint;
      /** raw tokens the curve has sold so far */
      sold: bigint;
    })
  | (LogPosition & {
      kind: "graduate";
      venueType: VenueType;
      pool: string;
      /** the pool the curve's liquidity moved to */
      migratedTo: string;
    })
  | (LogPosition & {
      kind: "initialize";
      venueType: VenueType;
      pool: string;
      sqrtPriceX96: bigint;
      tick: number;
    });

/** A venue decoder: a pure function from one log to its event, or null when not its event. */
export type VenueDecoder = {
  venueType: VenueType;
  /** topic0 values this decoder understands (to build eth_getLogs filters) */
  topics: readonly `0x${string}`[];
  decode(log: RawLog): DexEvent | null;
};
