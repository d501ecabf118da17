import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { slotsOf, tokenSnapshotSchema } from "./marketSchemas.ts";
import { tokenBatch, tokenItemsBody } from "./tokenBatch.ts";

/** `POST /v1/token` (1 credit per token served): token snapshots in input order. */
export const postToken = defineEndpoint({
  method: "POST",
  path: "/v1/token",
  summary: "Token details, batch",
  description:
    "1 to 100 tokens, chains mixed. Each slot is the body of GET /v1/token or { error } for that token alone.",
  tags: ["tokens"],
  body: tokenItemsBody,
  response: slotsOf(tokenSnapshotSchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    return tokenBatch(shards, "tokenSnapshot", body.items, refItem, (t) => ({
      chain: t.chain,
      address: t.address,
    }));
  },
});
