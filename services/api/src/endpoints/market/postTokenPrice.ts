import { envelope, runBatch } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { slotsOf, tokenPriceSchema } from "./marketSchemas.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `POST /v1/token/price` (1 credit per token served). */
export const postTokenPrice = defineEndpoint({
  method: "POST",
  path: "/v1/token/price",
  summary: "Token prices, batch",
  description:
    "1 to 100 tokens, chains mixed; one slot per token in input order, { error } slots for failing tokens.",
  tags: ["tokens"],
  body: z.strictObject({ items: z.array(refItem).min(1).max(100) }),
  response: slotsOf(tokenPriceSchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const data = await runBatch(body.items, (item) => {
      const t = tokenRoute(shards, item.chain, item.address);
      return t.shard.tokenPrice({ chain: t.chain, address: t.address });
    });
    return { body: envelope(data) };
  },
});
