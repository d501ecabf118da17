import { type ChainId, envelope, type QueryApi, runBatch } from "@tapeline/core";
import { z } from "zod";
import type { EndpointResult } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import type { ShardClient } from "../../shardClient.ts";
import { refItem } from "./marketParams.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** Body of a plain token batch: 1 to 100 `{ chain, address }` items. */
export const tokenItemsBody = z.strictObject({ items: batchItems(refItem, { min: 1, max: 100 }) });

/**
 * Answers a token batch: judges each item against `item`, routes it to its token and shard, runs
 * `fetch` on it and gives one slot per item in input order; an item that is malformed or fails to
 * route or fetch fails alone.
 */
export async function tokenBatch<S extends z.ZodType<{ chain: string; address: string }>, T>(
  shards: ShardClient,
  items: readonly unknown[],
  item: S,
  fetch: (token: { chain: ChainId; address: string; shard: QueryApi }, item: z.output<S>) => Promise<T>,
): Promise<EndpointResult> {
  const data = await runBatch(items, (raw, i) => {
    const parsed = parseBatchItem(item, raw, `items.${i}`);
    return fetch(tokenRoute(shards, parsed.chain, parsed.address), parsed);
  });
  return { body: envelope(data) };
}
