import type { QueryApi, QueryBatchMethod, QueryRpcMethod } from "@tapeline/core";

/** One item of a routed batch: the key that places it on a shard and the method's param. */
export type ShardBatchItem = { key: string; param: unknown };

/**
 * Routes a query to the shard that owns its key (hash of chain+pool, token or wallet), or to
 * any shard for keyless queries. Implementations: in process (dev stack) and HTTP (cluster,
 * driven by the shard map the operator publishes). Only the methods of the query RPC contract
 * (`queryRpcMethods` in core) can be called.
 */
export interface ShardClient {
  /** The shard owning `key` (e.g. `marketKey(chain, pool)`); calls fail over when it is down. */
  forKey(key: string): QueryApi;
  /** Any healthy shard, for queries no key owns. */
  any(): QueryApi;
  /** Every shard, for fan-out (screener, readiness). */
  all(): QueryApi[];
  /**
   * Runs a batchable method for every item with one call per owning shard.
   * @returns each item's serialized slot (`{ data }`-shaped or `{ error }`), in input order.
   */
  batch(method: QueryBatchMethod, items: readonly ShardBatchItem[]): Promise<Buffer[]>;
  /**
   * Calls `method` on the shard owning `key` (failing over as `forKey` does) and returns its
   * answer as the shard serialized it, for endpoints that write it into their response unparsed.
   * Calls of a batchable method made in the same event-loop turn may travel as one batch call per
   * shard; each is answered (or refused) exactly as it would be alone.
   * @returns the JSON text of the result (`null` for none)
   */
  serialized<M extends QueryRpcMethod>(
    key: string,
    method: M,
    ...args: Parameters<QueryApi[M]>
  ): Promise<Buffer>;
}
