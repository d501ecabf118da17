import { STATS_WINDOWS } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parsePools } from "./marketParams.ts";
import { slotsOf, tokenStatsSchema } from "./marketSchemas.ts";
import { tokenBatch } from "./tokenBatch.ts";

/** One token of the stats batch, judged alone. */
const statsItem = z.strictObject({
  chain: z.string(),
  address: z.string(),
  pools: z.array(z.string()).min(1).max(50).optional(),
});

/** `POST /v1/token/stats` (1 credit per token served): up to 25 tokens. */
export const postTokenStats = defineEndpoint({
  method: "POST",
  path: "/v1/token/stats",
  summary: "Token stats, batch",
  description:
    "1 to 25 tokens, each optionally restricted to `pools`; `windows` is shared. One slot per token in input order.",
  tags: ["tokens"],
  body: z.strictObject({
    items: batchItems(statsItem, { min: 1, max: 25 }),
    windows: z
      .array(z.enum(STATS_WINDOWS))
      .min(1)
      .max(4)
      .default([...STATS_WINDOWS]),
  }),
  response: slotsOf(tokenStatsSchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    return tokenBatch(shards, "tokenStats", body.items, statsItem, (t, item) => ({
      chain: t.chain,
      address: t.address,
      pools: parsePools(t.chain, item.pools),
      windows: body.windows,
    }));
  },
});
