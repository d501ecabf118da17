import { createShardRouter, type ShardMap } from "@tapeline/core";

/** Which keys a shard owns under one shard map. */
export type ShardOwnership = {
  /** the map's version; null when the shard has no map */
  version: number | null;
  /** virtual partitions the shard owns */
  partitions: number;
  /** whether `key` (a market key `<chain>/<pool>` or a token key `<chain>/<token>`) is the shard's */
  owns(key: string): boolean;
};

/**
 * The keys `shardName` owns under `map`: those of the virtual partitions rendezvous hashing gives
 * it (see `createShardRouter`), the same assignment the router routes by. A shard without a map,
 * or absent from it (started before the operator listed it, or retired), owns nothing.
 */
export function shardOwnership(map: ShardMap | null, shardName: string): ShardOwnership {
  const index = map ? map.shards.findIndex((s) => s.name === shardName) : -1;
  if (!map || index < 0) return { version: map?.version ?? null, partitions: 0, owns: () => false };
  const router = createShardRouter(map);
  let partitions = 0;
  for (let p = 0; p < map.partitions; p++) if (router.shardOfPartition(p) === index) partitions++;
  return { version: map.version, partitions, owns: (key) => router.shardOf(key) === index };
}
