import { type ChainId, envelope, type QueryApi, runBatch } from "@tapeline/core";
import { z } from "zod";
import type { EndpointResult } from "../../endpoint.ts";
import type { ShardClient } from "../../shardClient.ts";
import { refItem } from "./marketParams.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** Body of a plain token batch: 1 to 100 `{ chain, address }` items. */
export const tokenItemsBody = z.strictObject({ items: z.array(refItem).min(1).max(100) });

/**
 * Answers a token batch: routes each item to its token and shard, runs `fetch` on it and gives
 * one slot per item in input order; an item that fails to route or fetch fails alone.
 */
export async function tokenBatch<I extends { chain: unknown; address: unknown }, T>(
  shards: ShardClient,
  items: readonly I[],
  fetch: (token: { chain: ChainId; address: string; shard: QueryApi }, item: I) => Promise<T>,
): Promise<EndpointResult> {
  const data = await runBatch(items, (item) => fetch(tokenRoute(shards, item.chain, item.address), item));
  return { body: envelope(data) };
}
