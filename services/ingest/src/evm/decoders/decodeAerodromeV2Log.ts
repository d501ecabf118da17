import type { DexEvent, RawLog, VenueDecoder } from "./DexEvent.ts";
import { decodeV2StyleLog, type V2StyleTopics } from "./decodeV2StyleLog.ts";
import { DexTopics } from "./dexEventAbis.ts";

/** Aerodrome V2 shares Uniswap V2's Mint; its other events have their own signatures. */
const AERODROME_V2_TOPICS: V2StyleTopics = {
  swap: DexTopics.aeroSwap,
  sync: DexTopics.aeroSync,
  mint: DexTopics.v2Mint,
  burn: DexTopics.aeroBurn,
  poolCreated: DexTopics.aeroPoolCreated,
  poolCreatedHasStableFlag: true,
};

/**
 * Decodes an Aerodrome / Velodrome V2 pool log (Swap with `to` indexed second, Sync with uint256
 * reserves, Mint, Burn with `to` indexed) and the factory's PoolCreated (with the `stable` flag).
 * @returns the event, or null when the log is none of these or is malformed.
 */
export function decodeAerodromeV2Log(log: RawLog): DexEvent | null {
  return decodeV2StyleLog(log, "AERODROME_V2", AERODROME_V2_TOPICS);
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
