import type { VenueType } from "@tapeline/core";
import { addressAt, addressFromWord, wordAt } from "./abiWords.ts";
import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";
import { DexTopics } from "./dexEventAbis.ts";

/**
 * Decodes a Uniswap V2 (or same-signature fork) log: Swap, Sync, Mint, Burn and the factory's
 * PairCreated. Swap amounts become the pool's balance changes (in − out).
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeUniswapV2Log(log: RawLog, venueType: VenueType = "UNISWAP_V2"): DexEvent | null {
  const t0 = log.topics[0];
  const pool = log.address.toLowerCase();
  try {
    if (t0 === DexTopics.v2Swap && log.topics.length === 3) {
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
    if (t0 === DexTopics.v2Sync && log.topics.length === 1) {
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
    if (
      (t0 === DexTopics.v2Mint && log.topics.length === 2) ||
      (t0 === DexTopics.v2Burn && log.topics.length === 3)
    ) {
      const sign = t0 === DexTopics.v2Mint ? 1n : -1n;
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
    if (t0 === DexTopics.v2PairCreated && log.topics.length === 3) {
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
        stable: null,
        sqrtPriceX96: null,
        tick: null,
      };
    }
  } catch {
    return null;
  }
  return null;
}

/** The UNISWAP_V2 decoder entry of the venue registry. */
export const uniswapV2Decoder: VenueDecoder = {
  venueType: "UNISWAP_V2",
  topics: [DexTopics.v2Swap, DexTopics.v2Sync, DexTopics.v2Mint, DexTopics.v2Burn, DexTopics.v2PairCreated],
  decode: (log) => decodeUniswapV2Log(log),
};
