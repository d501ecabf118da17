import {
  createBatchAnswerer,
  createResultSerializer,
  type QueryApi,
  type QueryRpcMethod,
} from "@tapeline/core";
import type { ShardClient } from "../shardClient.ts";

/** The dev stack's shard client: every key is owned by the one query service in this process. */
export function createInProcessShardClient(api: QueryApi): ShardClient {
  const answer = createBatchAnswerer(api);
  // the bytes a shard's RPC app would answer
  const bytesOf = createResultSerializer();
  const call = api as unknown as Record<QueryRpcMethod, (...args: unknown[]) => Promise<unknown>>;
  return {
    forKey: () => api,
    any: () => api,
    all: () => [api],
    batch: (method, items) =>
      answer(
        method,
        items.map((it) => it.param),
      ),
    async serialized(_key, method, ...args) {
      return bytesOf(method, await call[method](...args));
    },
  };
}
