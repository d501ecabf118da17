import type { QueryApi } from "@tapeline/core";
import type { ShardClient } from "../shardClient.ts";

/**
 * A parsed reference with its routing key and the shard owning it. The shard is found when asked
 * for: a batch or a serialized page routes by the key alone, and finding the shard hashes the key.
 */
export function keyRoute<T extends object>(
  shards: ShardClient,
  key: string,
  fields: T,
): T & { key: string; readonly shard: QueryApi } {
  return {
    ...fields,
    key,
    get shard() {
      return shards.forKey(key);
    },
  };
}
