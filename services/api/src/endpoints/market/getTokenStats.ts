import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { envelopeSerialized } from "../../http/envelopeSerialized.ts";
import { parsePools, poolsCsvParam, refQuery } from "./marketParams.ts";
import { tokenStatsSchema } from "./marketSchemas.ts";
import { statsWindowsParam } from "./statsWindowsParam.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `GET /v1/token/stats` (1 credit): windowed stats, token-wide or restricted to `pools`. */
export const getTokenStats = defineEndpoint({
  method: "GET",
  path: "/v1/token/stats",
  summary: "Token stats",
  description:
    "Per window: volumeNative, volumeUsd (trade-time SOL rate on Solana, spot on EVM), buy and sell volumes and counts, txns, distinct makers, priceChangePct (latest price against the last price before the window; token-wide it is read on the pricing pool). A listed pool that does not trade the token gives 400, an unknown one 404.",
  tags: ["tokens"],
  query: z.strictObject({
    ...refQuery,
    pools: poolsCsvParam(50, "restrict to these markets of the token").optional(),
    windows: statsWindowsParam(),
  }),
  response: z.object({ data: tokenStatsSchema, meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    const pools = parsePools(t.chain, query.pools);
    return {
      body: envelopeSerialized(
        await shards.serialized(t.key, "tokenStats", {
          chain: t.chain,
          address: t.address,
          pools,
          windows: query.windows,
        }),
      ),
    };
  },
});
