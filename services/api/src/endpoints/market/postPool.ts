import { z } from "zod";
import { routedBatch } from "../../batch/routedBatch.ts";
import { slotsBody } from "../../batch/slotsBody.ts";
import { defineEndpoint } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import { refItem } from "./marketParams.ts";
import { marketDefinitionSchema, slotsOf } from "./marketSchemas.ts";
import { poolRoute } from "./poolRoute.ts";

/** `POST /v1/pool` (1 credit per market served): 1 to 100 market definitions, chains mixed. */
export const postPool = defineEndpoint({
  method: "POST",
  path: "/v1/pool",
  summary: "Market definitions, batch",
  description:
    "Slots in input order: { data: <market definition> } or { error }: NOT_FOUND for an unknown pool, INVALID_PARAM for a malformed item (address, a field of the wrong type, an unknown field); the list's own bounds are a 400 for the whole call. A slot is never null.",
  tags: ["markets"],
  body: z.strictObject({ items: batchItems(refItem, { min: 1, max: 100 }) }),
  response: slotsOf(marketDefinitionSchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const slots = await routedBatch(shards, "poolDefinition", body.items, (raw, i) => {
      const item = parseBatchItem(refItem, raw, `items.${i}`);
      const p = poolRoute(shards, item.chain, item.address);
      return { key: p.key, param: { chain: p.chain, address: p.address } };
    });
    return slotsBody(slots);
  },
});
