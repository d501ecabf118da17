import type { ChainId, QueryBatchMethod } from "@tapeline/core";
import { z } from "zod";
import { routedBatch } from "../../batch/routedBatch.ts";
import { slotsBody } from "../../batch/slotsBody.ts";
import type { EndpointResult } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import type { ShardClient } from "../../shardClient.ts";
import { refItem } from "./marketParams.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** Body of a plain token batch: 1 to 100 `{ chain, address }` items. */
export const tokenItemsBody = z.strictObject({ items: batchItems(refItem, { min: 1, max: 100 }) });

/**
 * Answers a token batch: judges each item against `item`, routes it to its token, builds the
 * method's param with `param` and runs the batch with one call per owning shard; one slot per
 * item in input order, an item that is malformed or fails to route or fetch failing alone.
 */
export async function tokenBatch<S extends z.ZodType<{ chain: string; address: string }>>(
  shards: ShardClient,
  method: QueryBatchMethod,
  items: readonly unknown[],
  item: S,
  param: (token: { chain: ChainId; address: string }, item: z.output<S>) => unknown,
): Promise<EndpointResult> {
  const slots = await routedBatch(shards, method, items, (raw, i) => {
    const parsed = parseBatchItem(item, raw, `items.${i}`);
    const t = tokenRoute(shards, parsed.chain, parsed.address);
    return { key: t.key, param: param(t, parsed) };
  });
  return slotsBody(slots);
}
