import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { candlePageJson } from "./candlePageJson.ts";
import { candleQueryParams } from "./candleQueryParams.ts";
import { checkCandleBounds } from "./checkCandleBounds.ts";
import { parsePools, poolsCsvParam, refQuery } from "./marketParams.ts";
import { candlePageSchema } from "./marketSchemas.ts";
import { toCandleOptions } from "./toCandleOptions.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `GET /v1/token/ohlcv` (5 credits): a token's candles. */
export const getTokenOhlcv = defineEndpoint({
  method: "GET",
  path: "/v1/token/ohlcv",
  summary: "Token candles",
  description:
    "Default market: the pricing pool (rank 1 of GET /v1/token/pools), with a graduated token's bonding-curve history stitched in front; `pools` aggregates up to 50 markets of the token instead. Intervals 1s to 1M (aliases accepted; meta.interval is canonical); 1w buckets start Thursday 00:00 UTC, 1M buckets are UTC calendar months. fill=true (default) serves flat zero-volume candles in gaps up to the present. endTime/from are unix seconds (ms accepted). meta.nextEndTime appears when a page holds fewer than limit candles while history remains, and points at a candle with trades. Wick-outlier clamping: a candle with at most two trades (its wick rests on a single print) has its high capped at max(open, close) x 1.25 and its low raised to min(open, close) / 1.25; open, close, volumes and trades are never changed, and the rule reads only the candle itself, so a candle is the same on every page. The EVM native coin: 400. 404: unknown token (no market), or a listed pool unknown; a listed pool trading another token: 400.",
  tags: ["candles"],
  query: z.strictObject({
    ...refQuery,
    pools: poolsCsvParam(50, "markets to aggregate").optional(),
    ...candleQueryParams,
  }),
  response: candlePageSchema,
  credits: { kind: "flat", amount: 5 },
  demo: true,
  async handler({ query, shards }) {
    const { chain: c, address: a, pools: rawPools, ...opts } = query;
    const t = tokenRoute(shards, c, a);
    checkCandleBounds(opts);
    return candlePageJson(
      await shards.serialized(t.key, "tokenOhlcv", {
        chain: t.chain,
        address: t.address,
        pools: parsePools(t.chain, rawPools),
        ...toCandleOptions(opts),
      }),
    );
  },
});
