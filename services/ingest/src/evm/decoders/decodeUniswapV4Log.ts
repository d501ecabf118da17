import { addressAt, addressFromWord, signedWordAt, wordAt } from "./abiWords.ts";
import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";
import { DexTopics } from "./dexEventAbis.ts";

/**
 * Decodes a Uniswap V4 PoolManager log: Initialize (as a pool creation carrying the PoolKey and
 * the initial price), Swap and ModifyLiquidity. The 32-byte PoolId is the pool. V4 reports the
 * swapper's balance deltas (negative = paid by the swapper); they are negated here into the
 * pool's balance changes like every other venue.
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeUniswapV4Log(log: RawLog): DexEvent | null {
  const t0 = log.topics[0];
  try {
    if (t0 === DexTopics.v4Swap && log.topics.length === 3) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "swap",
        venueType: "UNISWAP_V4",
        pool: log.topics[1]!.toLowerCase(),
        sender: addressFromWord(log.topics[2]!),
        recipient: null,
        amount0: -signedWordAt(log.data, 0, 128),
        amount1: -signedWordAt(log.data, 1, 128),
        sqrtPriceX96: wordAt(log.data, 2),
        liquidity: wordAt(log.data, 3),
        tick: Number(signedWordAt(log.data, 4, 24)),
        fee: Number(wordAt(log.data, 5)),
      };
    }
    if (t0 === DexTopics.v4ModifyLiquidity && log.topics.length === 3) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "liquidity",
        venueType: "UNISWAP_V4",
        pool: log.topics[1]!.toLowerCase(),
        tickLower: Number(signedWordAt(log.data, 0, 24)),
        tickUpper: Number(signedWordAt(log.data, 1, 24)),
        liquidityDelta: signedWordAt(log.data, 2),
        amount0: null,
        amount1: null,
      };
    }
    if (t0 === DexTopics.v4Initialize && log.topics.length === 4) {
      return {
        block: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        kind: "poolCreated",
        venueType: "UNISWAP_V4",
        factory: log.address.toLowerCase(),
        pool: log.topics[1]!.toLowerCase(),
        token0: addressFromWord(log.topics[2]!),
        token1: addressFromWord(log.topics[3]!),
        fee: Number(wordAt(log.data, 0)),
        tickSpacing: Number(signedWordAt(log.data, 1, 24)),
        hooks: addressAt(log.data, 2),
        stable: null,
        sqrtPriceX96: wordAt(log.data, 3),
        tick: Number(signedWordAt(log.data, 4, 24)),
      };
    }
  } catch {
    return null;
  }
  return null;
}

/** The UNISWAP_V4 decoder entry of the venue registry. */
export const uniswapV4Decoder: VenueDecoder = {
  venueType: "UNISWAP_V4",
  topics: [DexTopics.v4Initialize, DexTopics.v4Swap, DexTopics.v4ModifyLiquidity],
  decode: decodeUniswapV4Log,
};
