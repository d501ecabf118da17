import type { QueryApi } from "@tapeline/core";

/**
 * Routes a query to the shard that owns its key (hash of chain+pool, token or wallet), or to
 * any shard for keyless queries. Implementations: in process (dev stack) and HTTP (cluster,
 * driven by the shard map the operator publishes).
 */
export interface ShardClient {
  /** The shard owning `key` (e.g. `marketKey(chain, pool)`). */
  forKey(key: string): QueryApi;
  /** Any healthy shard, for queries no key owns. */
  any(): QueryApi;
  /** Every shard, for fan-out (screener, readiness). */
  all(): QueryApi[];
}
