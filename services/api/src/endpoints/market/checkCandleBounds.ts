import { InvalidParamError } from "@tapeline/core";

/** Candle `endTime` may be at most this far ahead of the request (seconds). */
export const END_TIME_MAX_AHEAD_S = 86_400;

/**
 * Checks candle bounds once normalized to seconds: `endTime` at most one day ahead, and `from` not
 * after `endTime` (an empty range is refused as the trade tapes refuse `fromAt` after `toAt`).
 * @throws InvalidParamError naming `endTime` or `from` (prefixed by `prefix` for batch items).
 */
export function checkCandleBounds(
  b: { endTime?: number | undefined; from?: number | undefined },
  prefix = "",
): void {
  if (b.endTime !== undefined && b.endTime > Math.floor(Date.now() / 1000) + END_TIME_MAX_AHEAD_S) {
    throw new InvalidParamError(`${prefix}endTime`, `${prefix}endTime is more than one day ahead`, {
      reason: "too_far_ahead",
    });
  }
  if (b.endTime !== undefined && b.from !== undefined && b.from > b.endTime) {
    throw new InvalidParamError(`${prefix}from`, `${prefix}from is after ${prefix}endTime`, {
      reason: "empty_range",
    });
  }
}
