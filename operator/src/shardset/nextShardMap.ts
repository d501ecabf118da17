import type { ShardMap } from "@tapeline/core";

function parseShardIndex(name: string): number | null {
  const m = /^shard-(0|[1-9][0-9]*)$/.exec(name);
  return m ? Number(m[1]) : null;
}

function sameShards(a: ShardMap["shards"], b: ShardMap["shards"]): boolean {
  return a.length === b.length && a.every((s, i) => s.name === b[i]?.name && s.url === b[i]?.url);
}

/**
 * The shards `0..replicas-1` a new map lists, ascending, so that no request is dropped: a shard
 * already in `liveMap` stays, a new one joins only once `available(index)`; a first map lists every
 * wanted shard, and so does a map that would otherwise list none.
 */
export function mappedShardIndices(input: {
  replicas: number;
  liveMap: ShardMap | null;
  available: (index: number) => boolean;
}): number[] {
  const wanted = Array.from({ length: input.replicas }, (_, i) => i);
  if (!input.liveMap) return wanted;
  const before = new Set(
    input.liveMap.shards.map((s) => parseShardIndex(s.name)).filter((i): i is number => i !== null),
  );
  const mapped = wanted.filter((i) => before.has(i) || input.available(i));
  return mapped.length === 0 ? wanted : mapped;
}

/** The map to publish for `shards`: `liveMap`'s version when its shard list is the same, the next one otherwise. */
export function nextShardMap(input: {
  liveMap: ShardMap | null;
  shards: ShardMap["shards"];
  partitions: number;
}): ShardMap {
  const { liveMap, shards } = input;
  const unchanged = liveMap !== null && sameShards(liveMap.shards, shards);
  return {
    version: unchanged ? liveMap.version : (liveMap?.version ?? 0) + 1,
    partitions: input.partitions,
    shards,
  };
}
