import type { VenueType } from "@tapeline/core";
import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";
import { decodeV2StyleLog, type V2StyleTopics } from "./decodeV2StyleLog.ts";
import { DexTopics } from "./dexEventAbis.ts";

const UNISWAP_V2_TOPICS: V2StyleTopics = {
  swap: DexTopics.v2Swap,
  sync: DexTopics.v2Sync,
  mint: DexTopics.v2Mint,
  burn: DexTopics.v2Burn,
  poolCreated: DexTopics.v2PairCreated,
  poolCreatedHasStableFlag: false,
};

/**
 * Decodes a Uniswap V2 (or same-signature fork) log: Swap, Sync, Mint, Burn and the factory's
 * PairCreated. Swap amounts become the pool's balance changes (in − out).
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeUniswapV2Log(log: RawLog, venueType: VenueType = "UNISWAP_V2"): DexEvent | null {
  return decodeV2StyleLog(log, venueType, UNISWAP_V2_TOPICS);
}

/** The UNISWAP_V2 decoder entry of the venue registry. */
export const uniswapV2Decoder: VenueDecoder = {
  venueType: "UNISWAP_V2",
  topics: [DexTopics.v2Swap, DexTopics.v2Sync, DexTopics.v2Mint, DexTopics.v2Burn, DexTopics.v2PairCreated],
  decode: (log) => decodeUniswapV2Log(log),
};
