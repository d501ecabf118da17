import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { envelopeSerialized } from "../../http/envelopeSerialized.ts";
import { refQuery } from "./marketParams.ts";
import { tokenPriceSchema } from "./marketSchemas.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `GET /v1/token/price` (1 credit): the lean price. */
export const getTokenPrice = defineEndpoint({
  method: "GET",
  path: "/v1/token/price",
  summary: "Token price",
  description:
    "Price of the token in its pricing pool, with market cap (same cap as GET /v1/token) and liquidity.",
  tags: ["tokens"],
  query: z.strictObject(refQuery),
  response: z.object({ data: tokenPriceSchema, meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    return {
      body: envelopeSerialized(
        await shards.serialized(t.key, "tokenPrice", { chain: t.chain, address: t.address }),
      ),
    };
  },
});
