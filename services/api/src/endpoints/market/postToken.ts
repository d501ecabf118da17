import { envelope, runBatch } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { slotsOf, tokenSnapshotSchema } from "./marketSchemas.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `POST /v1/token` (1 credit per token served): token snapshots in input order. */
export const postToken = defineEndpoint({
  method: "POST",
  path: "/v1/token",
  summary: "Token details, batch",
  description:
    "1 to 100 tokens, chains mixed. Each slot is the body of GET /v1/token or { error } for that token alone.",
  tags: ["tokens"],
  body: z.strictObject({ items: z.array(refItem).min(1).max(100) }),
  response: slotsOf(tokenSnapshotSchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const data = await runBatch(body.items, (item) => {
      const t = tokenRoute(shards, item.chain, item.address);
      return t.shard.tokenSnapshot({ chain: t.chain, address: t.address });
    });
    return { body: envelope(data) };
  },
});
