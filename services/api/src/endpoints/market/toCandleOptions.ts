import type { CandleQuery } from "@tapeline/core";

/** The candle options a shard takes, from a request's (unset bounds as null). */
export function toCandleOptions(o: {
  interval: CandleQuery["interval"];
  limit: number;
  endTime?: number | undefined;
  from?: number | undefined;
  quote: CandleQuery["quote"];
  fill: boolean;
}): Omit<CandleQuery, "chain" | "address"> {
  return {
    interval: o.interval,
    limit: o.limit,
    endTime: o.endTime ?? null,
    from: o.from ?? null,
    quote: o.quote,
    fill: o.fill,
  };
}
