import type { VenueType } from "@tapeline/core";
import type { VenueDecoder } from "./DexEvent.ts";
import { aerodromeV2Decoder } from "./decodeAerodromeV2Log.ts";
import { launchCurveDecoder } from "./decodeLaunchCurveLog.ts";
import { uniswapV2Decoder } from "./decodeUniswapV2Log.ts";
import { pancakeV3Decoder, slipstreamDecoder, uniswapV3Decoder } from "./decodeUniswapV3Log.ts";
import { uniswapV4Decoder } from "./decodeUniswapV4Log.ts";

/** Venue decoders registered by venue type. A fork with the same events maps to one of these. */
export const venueDecoders: ReadonlyMap<VenueType, VenueDecoder> = new Map(
  [
    uniswapV2Decoder,
    uniswapV3Decoder,
    uniswapV4Decoder,
    aerodromeV2Decoder,
    slipstreamDecoder,
    pancakeV3Decoder,
    launchCurveDecoder,
  ].map((d) => [d.venueType, d]),
);
