import type { VenueType } from "@tapeline/core";
import { addressAt, addressFromWord, wordAt } from "./abiWords.ts";
import type { DexEvent, RawLog } from "./DexEvent.ts";

/**
 * The topic0 values of a V2-style venue (constant-product pair with Swap in/out amounts, Sync
 * reserves, Mint, Burn and a factory creation event). Venues differ only in these signatures and
 * in whether the creation event carries an indexed `stable` flag as its third topic.
 */
export type V2StyleTopics = {
  swap: `0x${string}`;
  sync: `0x${string}`;
  mint: `0x${string}`;
  burn: `0x${string}`;
  poolCreated: `0x${string}`;
  poolCreatedHasStableFlag: boolean;
};

/**
 * Decodes a log of a V2-style venue (Uniswap V2 and its forks, Aerodrome / Velodrome V2): Swap,
 * Sync, Mint, Burn and the factory's pool creation. Swap amounts become the pool's balance
 * changes (in − out).
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeV2StyleLog(log: RawLog, venueType: VenueType, topics: V2StyleTopics): DexEvent | null {
  const t0 = log.topics[0];
  const pool = log.address.toLowerCase();
  try {
    if (t0 === topics.swap && log.topics.length === 3) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "swap",
        venueType,
        pool,
        sender: addressFromWord(log.topics[1]!),
        recipient: addressFromWord(log.topics[2]!),
        amount0: wordAt(log.data, 0) - wordAt(log.data, 2),
        amount1: wordAt(log.data, 1) - wordAt(log.data, 3),
        sqrtPriceX96: null,
        liquidity: null,
        tick: null,
        fee: null,
      };
    }
    if (t0 === topics.sync && log.topics.length === 1) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "sync",
        venueType,
        pool,
        reserve0: wordAt(log.data, 0),
        reserve1: wordAt(log.data, 1),
      };
    }
    if ((t0 === topics.mint && log.topics.length === 2) || (t0 === topics.burn && log.topics.length === 3)) {
      const sign = t0 === topics.mint ? 1n : -1n;
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "liquidity",
        venueType,
        pool,
        tickLower: null,
        tickUpper: null,
        liquidityDelta: null,
        amount0: sign * wordAt(log.data, 0),
        amount1: sign * wordAt(log.data, 1),
      };
    }
    if (t0 === topics.poolCreated && log.topics.length === (topics.poolCreatedHasStableFlag ? 4 : 3)) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "poolCreated",
        venueType,
        factory: pool,
        pool: addressAt(log.data, 0),
        token0: addressFromWord(log.topics[1]!),
        token1: addressFromWord(log.topics[2]!),
        fee: null,
        tickSpacing: null,
        hooks: null,
        stable: topics.poolCreatedHasStableFlag ? BigInt(log.topics[3]!) !== 0n : null,
        sqrtPriceX96: null,
        tick: null,
      };
    }
  } catch {
    return null;
  }
  return null;
}
