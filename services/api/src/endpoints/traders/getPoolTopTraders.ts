import { envelope, TOP_TRADER_TIMEFRAMES } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { documented } from "../../schema/documented.ts";
import { refQuery } from "../market/marketParams.ts";
import { poolRoute } from "../market/poolRoute.ts";
import { rankingParams } from "./topTraderParams.ts";
import { topTradersPageSchema } from "./traderSchemas.ts";

const query = z.strictObject({
  ...refQuery,
  timeframe: documented(z.enum(TOP_TRADER_TIMEFRAMES), {
    type: "string",
    enum: [...TOP_TRADER_TIMEFRAMES],
    default: "1d",
    description:
      "the window: trades from the minute holding now minus the timeframe up to now (at most a minute longer than its length)",
  }).default("1d"),
  ...rankingParams,
});

/** `GET /v1/pool/top-traders` (2 credits): a market's wallets ranked over a window. */
export const getPoolTopTraders = defineEndpoint({
  method: "GET",
  path: "/v1/pool/top-traders",
  summary: "Market top traders",
  description:
    "The wallets that traded the market in the window, ranked, from per-wallet rollups kept by ingest (minute, hour and day buckets). Windowed rankings serve winRatePct, positionValue*, unrealizedPnl* and totalPnl* as null; realizedPnlNative is the window's net native cashflow (sold minus bought). USD is priced as meta.usdBasis says: the current native price on EVM (spot), the SOL price of each trade on Solana (trade). meta.traderCount counts the distinct wallets of the window. Unknown pool: 404.",
  tags: ["traders"],
  query,
  response: topTradersPageSchema,
  credits: { kind: "flat", amount: 2 },
  demo: true,
  async handler({ query: q, shards }) {
    const p = poolRoute(shards, q.chain, q.address);
    const page = await p.shard.poolTopTraders({
      chain: p.chain,
      address: p.address,
      timeframe: q.timeframe,
      sortBy: q.sortBy,
      order: q.order,
      limit: q.limit,
    });
    const { data, asOf, ...meta } = page;
    return { body: envelope(data, meta, asOf) };
  },
});
