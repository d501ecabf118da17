import { addressAt, addressFromWord, wordAt } from "./abiWords.ts";
import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";
import { DexTopics } from "./dexEventAbis.ts";

/**
 * Decodes an Aerodrome / Velodrome V2 pool log (Swap with `to` indexed second, Sync with uint256
 * reserves, Mint, Burn with `to` indexed) and the factory's PoolCreated (with the `stable` flag).
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeAerodromeV2Log(log: RawLog): DexEvent | null {
  const t0 = log.topics[0];
  const pool = log.address.toLowerCase();
  const venueType = "AERODROME_V2";
  try {
    if (t0 === DexTopics.aeroSwap && log.topics.length === 3) {
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
    if (t0 === DexTopics.aeroSync && log.topics.length === 1) {
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
      (t0 === DexTopics.aeroBurn && log.topics.length === 3)
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
    if (t0 === DexTopics.aeroPoolCreated && log.topics.length === 4) {
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
        stable: BigInt(log.topics[3]!) !== 0n,
        sqrtPriceX96: null,
        tick: null,
      };
    }
  } catch {
    return null;
  }
  return null;
}

/** The AERODROME_V2 decoder entry of the venue registry (Velodrome V2 shares it). */
export const aerodromeV2Decoder: VenueDecoder = {
  venueType: "AERODROME_V2",
  topics: [
    DexTopics.aeroSwap,
    DexTopics.aeroSync,
    DexTopics.v2Mint,
    DexTopics.aeroBurn,
    DexTopics.aeroPoolCreated,
  ],
  decode: decodeAerodromeV2Log,
};
