import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { candlePageJson } from "./candlePageJson.ts";
import { candleQueryParams } from "./candleQueryParams.ts";
import { checkCandleBounds } from "./checkCandleBounds.ts";
import { refQuery } from "./marketParams.ts";
import { candlePageSchema } from "./marketSchemas.ts";
import { poolRoute } from "./poolRoute.ts";
import { toCandleOptions } from "./toCandleOptions.ts";

/** `GET /v1/pool/ohlcv` (5 credits): one market's candles. */
export const getPoolOhlcv = defineEndpoint({
  method: "GET",
  path: "/v1/pool/ohlcv",
  summary: "Market candles",
  description:
    "Same parameters and rules as GET /v1/token/ohlcv for one market (no pools). Each candle opens at the previous candle's close across pages; page back with endTime = oldestTime - 1 while hasMore. Settled pages (ending over an hour ago, with endTime given) are immutable and served with Cache-Control immutable. Wick-outlier clamping: a candle with at most two trades (its wick rests on a single print) has its high capped at max(open, close) x 1.25 and its low raised to min(open, close) / 1.25; open, close, volumes and trades are never changed, and the rule reads only the candle itself, so a candle is the same on every page. Unknown pool: 404.",
  tags: ["candles"],
  query: z.strictObject({ ...refQuery, ...candleQueryParams }),
  response: candlePageSchema,
  credits: { kind: "flat", amount: 5 },
  demo: true,
  async handler({ query, shards }) {
    const { chain: c, address: a, ...opts } = query;
    const p = poolRoute(shards, c, a);
    checkCandleBounds(opts);
    return candlePageJson(
      await shards.serialized(p.key, "poolOhlcv", {
        chain: p.chain,
        address: p.address,
        ...toCandleOptions(opts),
      }),
    );
  },
});
