import type { VenueType } from "@tapeline/core";
import { addressAt, addressFromWord, int24FromTopic, signedWordAt, wordAt } from "./abiWords.ts";
import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";
import { DexTopics } from "./dexEventAbis.ts";

/**
 * Decodes a Uniswap V3 (or same-signature fork: Slipstream, PancakeSwap V3) log: Swap, Mint,
 * Burn, Initialize and the factory's PoolCreated (Uniswap's, or Slipstream's keyed by tick
 * spacing). Swap amounts are already the pool's balance changes.
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeUniswapV3Log(log: RawLog, venueType: VenueType = "UNISWAP_V3"): DexEvent | null {
  const t0 = log.topics[0];
  const pool = log.address.toLowerCase();
  try {
    if ((t0 === DexTopics.v3Swap || t0 === DexTopics.pancakeV3Swap) && log.topics.length === 3) {
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
        amount0: signedWordAt(log.data, 0),
        amount1: signedWordAt(log.data, 1),
        sqrtPriceX96: wordAt(log.data, 2),
        liquidity: wordAt(log.data, 3),
        tick: Number(signedWordAt(log.data, 4, 24)),
        fee: null,
      };
    }
    if ((t0 === DexTopics.v3Mint || t0 === DexTopics.v3Burn) && log.topics.length === 4) {
      // Mint's data starts with the (unindexed) sender; Burn's with the liquidity amount.
      const burn = t0 === DexTopics.v3Burn;
      const first = burn ? 0 : 1;
      const sign = burn ? -1n : 1n;
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "liquidity",
        venueType,
        pool,
        tickLower: int24FromTopic(log.topics[2]!),
        tickUpper: int24FromTopic(log.topics[3]!),
        liquidityDelta: sign * wordAt(log.data, first),
        amount0: sign * wordAt(log.data, first + 1),
        amount1: sign * wordAt(log.data, first + 2),
      };
    }
    if (t0 === DexTopics.v3Initialize && log.topics.length === 1) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "initialize",
        venueType,
        pool,
        sqrtPriceX96: wordAt(log.data, 0),
        tick: Number(signedWordAt(log.data, 1, 24)),
      };
    }
    if (
      (t0 === DexTopics.v3PoolCreated || t0 === DexTopics.slipstreamPoolCreated) &&
      log.topics.length === 4
    ) {
      // Uniswap's indexes the fee and puts tick spacing and pool in data; Slipstream's indexes
      // the tick spacing and has no fee.
      const slipstream = t0 === DexTopics.slipstreamPoolCreated;
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "poolCreated",
        venueType,
        factory: pool,
        pool: addressAt(log.data, slipstream ? 0 : 1),
        token0: addressFromWord(log.topics[1]!),
        token1: addressFromWord(log.topics[2]!),
        fee: slipstream ? null : Number(BigInt(log.topics[3]!)),
        tickSpacing: slipstream ? int24FromTopic(log.topics[3]!) : Number(signedWordAt(log.data, 0, 24)),
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

/** The UNISWAP_V3 decoder entry of the venue registry. */
export const uniswapV3Decoder: VenueDecoder = {
  venueType: "UNISWAP_V3",
  topics: [
    DexTopics.v3Swap,
    DexTopics.v3Mint,
    DexTopics.v3Burn,
    DexTopics.v3Initialize,
    DexTopics.v3PoolCreated,
  ],
  decode: (log) => decodeUniswapV3Log(log),
};

/** Aerodrome Slipstream: V3 events, its own PoolCreated. */
export const slipstreamDecoder: VenueDecoder = {
  venueType: "AERODROME_SLIPSTREAM",
  topics: [
    DexTopics.v3Swap,
    DexTopics.v3Mint,
    DexTopics.v3Burn,
    DexTopics.v3Initialize,
    DexTopics.slipstreamPoolCreated,
  ],
  decode: (log) => decodeUniswapV3Log(log, "AERODROME_SLIPSTREAM"),
};

/** PancakeSwap V3: V3 events with protocol fees appended to Swap. */
export const pancakeV3Decoder: VenueDecoder = {
  venueType: "PANCAKESWAP_V3",
  topics: [
    DexTopics.pancakeV3Swap,
    DexTopics.v3Mint,
    DexTopics.v3Burn,
    DexTopics.v3Initialize,
    DexTopics.v3PoolCreated,
  ],
  decode: (log) => decodeUniswapV3Log(log, "PANCAKESWAP_V3"),
};
