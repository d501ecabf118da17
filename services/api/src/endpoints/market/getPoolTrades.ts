import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refQuery } from "./marketParams.ts";
import { tradePageSchema } from "./marketSchemas.ts";
import { poolRoute } from "./poolRoute.ts";
import { toTradeQuery } from "./toTradeQuery.ts";
import { tradePageJson } from "./tradePageJson.ts";
import { tradeQueryParams } from "./tradeQueryParams.ts";

/** `GET /v1/pool/trades` (1 credit): a market's trade tape. */
export const getPoolTrades = defineEndpoint({
  method: "GET",
  path: "/v1/pool/trades",
  summary: "Market trades",
  description:
    "Keyset pages over (at, block, logIndex, id): keep passing meta.nextCursor until hasMore is false; cursors never skip or repeat a trade. With filters a page looks at a bounded scan window (10,000 trades), so it may hold fewer than limit rows while hasMore is true. Filters: maker, side, minAmountToken, minVolumeNative, minVolumeUsd, order, wash (Solana), include=traderTxCounts. Unknown pool: 404.",
  tags: ["trades"],
  query: z.strictObject({ ...refQuery, ...tradeQueryParams }),
  response: tradePageSchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const { chain: c, address: a, ...params } = query;
    const p = poolRoute(shards, c, a);
    return {
      body: tradePageJson(
        await shards.serialized(p.key, "poolTrades", toTradeQuery(p.chain, p.address, params, null)),
      ),
    };
  },
});
