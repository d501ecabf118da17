import { envelope, TOKEN_TOP_TRADER_TIMEFRAMES } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { documented } from "../../schema/documented.ts";
import { refQuery } from "../market/marketParams.ts";
import { tokenRoute } from "../market/tokenRoute.ts";
import { rankingParams } from "./topTraderParams.ts";
import { tokenTopTradersPageSchema } from "./traderSchemas.ts";

const query = z.strictObject({
  ...refQuery,
  timeframe: documented(z.enum(TOKEN_TOP_TRADER_TIMEFRAMES), {
    type: "string",
    enum: [...TOKEN_TOP_TRADER_TIMEFRAMES],
    default: "all",
    description:
      "all: the token's whole life, with position figures; the others: the window of the market ranking (from the minute holding now minus the timeframe), position figures null",
  }).default("all"),
  ...rankingParams,
});

/** `GET /v1/token/top-traders` (2 credits): a token's wallets ranked across its markets. */
export const getTokenTopTraders = defineEndpoint({
  method: "GET",
  path: "/v1/token/top-traders",
  summary: "Token top traders",
  description:
    "The wallets that traded the token, summed across its markets (meta.pools, at most 200 by native liquidity) from the trader rollups kept by ingest, ranked as market top traders are. timeframe=all (default) ranks the token's whole life and fills the position figures: openTokens (bought minus sold, floored at 0) valued at the token's current price on its main pool (positionValue*), unrealizedPnl* (that value minus the open tokens at avgBuyPriceNative), totalPnl* (the lifetime native cashflow realizedPnlNative plus the position value), USD at the current native price; winRatePct is the wallet's share of won tokens among those it bought and sold in the last 90 days (the badge job's judgement, null until judged). Tokens moved by transfers are not seen: the position is what the wallet's trades left open. Windowed timeframes serve these figures as null. Unknown token (no stored market): 404.",
  tags: ["traders"],
  query,
  response: tokenTopTradersPageSchema,
  credits: { kind: "flat", amount: 2 },
  demo: true,
  async handler({ query: q, shards }) {
    const t = tokenRoute(shards, q.chain, q.address);
    const page = await t.shard.tokenTopTraders({
      chain: t.chain,
      address: t.address,
      timeframe: q.timeframe,
      sortBy: q.sortBy,
      order: q.order,
      limit: q.limit,
    });
    const { data, asOf, ...meta } = page;
    return { body: envelope(data, meta, asOf) };
  },
});
