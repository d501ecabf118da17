import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { parsePools, poolsCsvParam, refQuery } from "./marketParams.ts";
import { tradePageSchema } from "./marketSchemas.ts";
import { tokenRoute } from "./tokenRoute.ts";
import { toTradeQuery } from "./toTradeQuery.ts";
import { tradePageJson } from "./tradePageJson.ts";
import { tradeQueryParams } from "./tradeQueryParams.ts";

/** `GET /v1/token/trades` (1 credit): the token-wide trade tape. */
export const getTokenTrades = defineEndpoint({
  method: "GET",
  path: "/v1/token/trades",
  summary: "Token trades",
  description:
    "Every market of the token, or those listed in `pools`; same rows, cursor and filters as GET /v1/pool/trades.",
  tags: ["trades"],
  query: z.strictObject({
    ...refQuery,
    pools: poolsCsvParam(50, "restrict to these markets").optional(),
    ...tradeQueryParams,
  }),
  response: tradePageSchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const { chain: c, address: a, pools: rawPools, ...params } = query;
    const t = tokenRoute(shards, c, a);
    const q = toTradeQuery(t.chain, t.address, params, parsePools(t.chain, rawPools));
    return { body: tradePageJson(await shards.serialized(t.key, "tokenTrades", q)) };
  },
});
