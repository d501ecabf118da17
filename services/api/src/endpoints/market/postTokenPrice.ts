import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { slotsOf, tokenPriceSchema } from "./marketSchemas.ts";
import { tokenBatch, tokenItemsBody } from "./tokenBatch.ts";

/** `POST /v1/token/price` (1 credit per token served). */
export const postTokenPrice = defineEndpoint({
  method: "POST",
  path: "/v1/token/price",
  summary: "Token prices, batch",
  description:
    "1 to 100 tokens, chains mixed; one slot per token in input order, { error } slots for failing tokens.",
  tags: ["tokens"],
  body: tokenItemsBody,
  response: slotsOf(tokenPriceSchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    return tokenBatch(shards, "tokenPrice", body.items, refItem, (t) => ({
      chain: t.chain,
      address: t.address,
    }));
  },
});
