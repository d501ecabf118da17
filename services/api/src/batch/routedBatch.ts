import { errorSlot, type QueryBatchMethod, toApiError } from "@tapeline/core";
import type { ShardBatchItem, ShardClient } from "../shardClient.ts";

/**
 * Runs a batch through the shards: `route` turns each input item into its key and param (an
 * item it refuses gets its own error slot), then every routed item goes out with one call per
 * owning shard.
 * @returns each input item's serialized slot, in input order.
 */
export async function routedBatch<I>(
  shards: ShardClient,
  method: QueryBatchMethod,
  items: readonly I[],
  route: (item: I, index: number) => ShardBatchItem,
): Promise<Buffer[]> {
  const slots: Buffer[] = new Array(items.length);
  const routed: ShardBatchItem[] = [];
  const at: number[] = [];
  items.forEach((item, i) => {
    try {
      routed.push(route(item, i));
      at.push(i);
    } catch (err) {
      slots[i] = Buffer.from(JSON.stringify(errorSlot(toApiError(err))));
    }
  });
  if (routed.length > 0) {
    const answered = await shards.batch(method, routed);
    at.forEach((i, k) => {
      slots[i] = answered[k] as Buffer;
    });
  }
  return slots;
}
