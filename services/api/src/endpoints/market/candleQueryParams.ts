import { z } from "zod";
import { boolParam } from "../../schema/boolParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";
import { candleTimeParam } from "./candleTimeParam.ts";
import { intervalParam } from "./intervalParam.ts";

/** Query parameters of the candle endpoints (besides chain, address and pools). */
export const candleQueryParams = {
  interval: intervalParam(),
  limit: intParam({ min: 1, max: 2000, default: 200 }),
  endTime: candleTimeParam("inclusive upper bound on candle time, at most one day ahead").optional(),
  from: candleTimeParam("inclusive lower bound on candle time; scans stop there").optional(),
  quote: documented(z.enum(["native", "usd"]), {
    type: "string",
    enum: ["native", "usd"],
    default: "native",
    description: "usd: Solana only (each candle at its own window's SOL/USD rate)",
  }).default("native"),
  fill: boolParam({
    default: true,
    description: "true: flat zero-volume candles in gaps; false: only traded buckets",
  }),
};
