import { createBatchAnswerer, type QueryApi } from "@tapeline/core";
import type { ShardClient } from "../shardClient.ts";

/** The dev stack's shard client: every key is owned by the one query service in this process. */
export function createInProcessShardClient(api: QueryApi): ShardClient {
  const answer = createBatchAnswerer(api);
  return {
    forKey: () => api,
    any: () => api,
    all: () => [api],
    batch: (method, items) =>
      answer(
        method,
        items.map((it) => it.param),
      ),
  };
}
