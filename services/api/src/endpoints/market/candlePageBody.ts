import type { CandlePage } from "@tapeline/core";

/** Cache header of a settled (immutable) candle page. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** The single-call body of a candle page: `{ data, meta }`, `nextEndTime` only when set. */
export function candlePageBody(page: CandlePage) {
  return {
    data: page.data,
    meta: {
      asOf: page.asOf,
      interval: page.interval,
      count: page.count,
      oldestTime: page.oldestTime,
      newestTime: page.newestTime,
      hasMore: page.hasMore,
      quote: page.quote,
      pools: page.pools,
      ...(page.nextEndTime !== undefined ? { nextEndTime: page.nextEndTime } : {}),
    },
  };
}
