import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { envelopeSerialized } from "../../http/envelopeSerialized.ts";
import { intParam } from "../../schema/intParam.ts";
import { refQuery } from "./marketParams.ts";
import { tokenPoolRowSchema } from "./marketSchemas.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `GET /v1/token/pools` (1 credit): the token's markets, the pricing pool first. */
export const getTokenPools = defineEndpoint({
  method: "GET",
  path: "/v1/token/pools",
  summary: "Markets of a token",
  description:
    "Rank 1 is the pool the token is priced from; the others follow by 24h volume, then liquidity.",
  tags: ["tokens"],
  query: z.strictObject({ ...refQuery, limit: intParam({ min: 1, max: 100, default: 50 }) }),
  response: z.object({ data: z.array(tokenPoolRowSchema), meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    return {
      body: envelopeSerialized(
        await shards.serialized(t.key, "tokenPools", {
          chain: t.chain,
          address: t.address,
          limit: query.limit,
        }),
      ),
    };
  },
});
