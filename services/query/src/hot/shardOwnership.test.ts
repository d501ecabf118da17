import { createShardRouter, type ShardMap } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { shardOwnership } from "./shardOwnership.ts";

const map: ShardMap = {
  version: 7,
  partitions: 256,
  shards: ["shard-0", "shard-1", "shard-2"].map((name, i) => ({ name, url: `http://q-${i}:8081` })),
};
const keys = Array.from({ length: 500 }, (_, i) => `evm:1/0x${i.toString(16).padStart(40, "0")}`);

describe("shardOwnership", () => {
  it("owns exactly the keys the router sends to the shard", () => {
    const router = createShardRouter(map);
    map.shards.forEach((s, i) => {
      const own = shardOwnership(map, s.name);
      expect(own.version).toBe(7);
      for (const key of keys) expect(own.owns(key)).toBe(router.shardOf(key) === i);
    });
  });

  it("splits every partition between the shards, each once", () => {
    const counts = map.shards.map((s) => shardOwnership(map, s.name).partitions);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(256);
    for (const key of keys)
      expect(map.shards.filter((s) => shardOwnership(map, s.name).owns(key))).toHaveLength(1);
  });

  it("owns nothing without a map or when the map does not list the shard", () => {
    for (const own of [shardOwnership(null, "shard-0"), shardOwnership(map, "shard-9")]) {
      expect(own.partitions).toBe(0);
      expect(keys.some((k) => own.owns(k))).toBe(false);
    }
  });
});
