import {
  createBatchAnswerer,
  type QueryApi,
  type QueryRpcMethod,
  resultBytes,
  utf8Bytes,
} from "@tapeline/core";
import type { ShardClient } from "../shardClient.ts";

/** The dev stack's shard client: every key is owned by the one query service in this process. */
export function createInProcessShardClient(api: QueryApi): ShardClient {
  const answer = createBatchAnswerer(api);
  // Cached results come back as the same object for a while: serialized once each, as a shard does.
  const serialized = new WeakMap<object, Buffer>();
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
      const result = (await call[method](...args)) ?? null;
      if (typeof result !== "object" || result === null) return utf8Bytes(JSON.stringify(result));
      let bytes = serialized.get(result);
      if (!bytes) {
        bytes = resultBytes(method, result);
        serialized.set(result, bytes);
      }
      return bytes;
    },
  };
}
