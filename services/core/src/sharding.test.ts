import { describe, expect, it } from "vitest";
import {
  assignPartitions,
  createShardRouter,
  hash32,
  parseShardMap,
  partitionOf,
  rankShards,
} from "./sharding.ts";

const names = (n: number) => Array.from({ length: n }, (_, i) => `shard-${i}`);
const owners = (shards: string[], partitions = 4096) => {
  const table = assignPartitions(shards, partitions);
  return Array.from(table, (i) => shards[i] as string);
};

describe("hash32 / partitionOf", () => {
  it("is deterministic and stays within the partition range", () => {
    expect(hash32("evm:1/0xabc")).toBe(hash32("evm:1/0xabc"));
    expect(hash32("a")).not.toBe(hash32("b"));
    const p = partitionOf("evm:8453/0x4200000000000000000000000000000000000006", 4096);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThan(4096);
    expect(Number.isInteger(p)).toBe(true);
  });

  it("keeps the values of earlier releases: keys stay on their partitions", () => {
    expect(hash32("")).toBe(2872998923);
    expect(hash32("evm:1/0xabc")).toBe(1771147730);
    expect(hash32("evm:8453/0x4200000000000000000000000000000000000006")).toBe(848597000);
    expect(hash32("solana/So11111111111111111111111111111111111111112")).toBe(2410549326);
    expect(hash32("7\u0000q-2")).toBe(2550970957);
    expect(hash32("ñé€😀")).toBe(3351263391);
  });

  it("hashes the UTF-8 bytes Buffer.from gives, lone surrogates included", () => {
    const overBytes = (s: string) => {
      let h = 0x811c9dc5;
      for (const byte of Buffer.from(s, "utf8")) h = Math.imul(h ^ byte, 0x01000193);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      return h >>> 0;
    };
    const units = [
      0x00, 0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff,
    ];
    const samples = [
      "",
      "a",
      "\u{10000}",
      "\u{10ffff}",
      "x\ud83d",
      "\ude00y",
      "\ud83d\ud83d\ude00",
      "\ude00\ud83d",
    ];
    for (const a of units)
      for (const b of units) samples.push(String.fromCharCode(a, b), `k${String.fromCharCode(a)}`);
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      let s = "";
      const length = n % 12;
      for (let i = 0; i < length; i++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        s += String.fromCharCode((units[seed % units.length] as number) ^ ((seed >>> 20) % 3));
      }
      samples.push(s);
    }
    for (const s of samples) expect(hash32(s), JSON.stringify(s)).toBe(overBytes(s));
  });

  it("spreads keys over partitions", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) seen.add(partitionOf(`evm:1/pool-${i}`, 4096));
    // 20k keys into 4096 bins leave ~0.7% empty; a broken hash leaves most of them empty.
    expect(seen.size).toBeGreaterThan(4000);
  });
});

describe("assignPartitions", () => {
  it("does not depend on the order of the shard list", () => {
    const a = owners(["a", "b", "c", "d"]);
    const b = owners(["d", "b", "a", "c"]);
    expect(a).toEqual(b);
  });

  it("balances partitions across shards", () => {
    const counts = new Map<string, number>();
    for (const o of owners(names(8))) counts.set(o, (counts.get(o) ?? 0) + 1);
    expect(counts.size).toBe(8);
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(4096 / 8 / 1.5);
      expect(c).toBeLessThan((4096 / 8) * 1.5);
    }
  });

  it("moves only the partitions the new shard takes when a shard is added", () => {
    const before = owners(names(4));
    const after = owners(names(5));
    let moved = 0;
    for (let p = 0; p < before.length; p++) {
      if (before[p] !== after[p]) {
        moved++;
        expect(after[p]).toBe("shard-4");
      }
    }
    // The newcomer takes about 1/5 of the partitions, and nothing else moves.
    expect(moved).toBe(after.filter((o) => o === "shard-4").length);
    expect(moved).toBeGreaterThan(4096 / 5 / 1.5);
    expect(moved).toBeLessThan((4096 / 5) * 1.5);
  });

  it("moves only the removed shard's partitions when a shard is removed", () => {
    const before = owners(names(5));
    const remaining = names(5).filter((n) => n !== "shard-2");
    const after = owners(remaining);
    for (let p = 0; p < before.length; p++) {
      if (before[p] === "shard-2") expect(remaining).toContain(after[p]);
      else expect(after[p]).toBe(before[p]);
    }
  });
});

describe("createShardRouter / parseShardMap", () => {
  const map = parseShardMap({
    version: 1,
    partitions: 4096,
    shards: [
      { name: "q-0", url: "http://q-0:8081" },
      { name: "q-1", url: "http://q-1:8081" },
    ],
  });

  it("routes a key to the owner of its partition", () => {
    const router = createShardRouter(map);
    const key = "evm:31337/0x1111111111111111111111111111111111111111";
    const idx = router.shardOf(key);
    expect(idx).toBe(router.shardOfPartition(partitionOf(key, 4096)));
    expect(owners(["q-0", "q-1"])[partitionOf(key, 4096)]).toBe(map.shards[idx]?.name);
  });

  it("refuses malformed maps, naming the problems", () => {
    expect(() => parseShardMap({ version: 1, partitions: 0, shards: [] })).toThrow(/partitions.*shards/s);
    expect(() =>
      parseShardMap({
        version: 1,
        partitions: 16,
        shards: [
          { name: "a", url: "http://a" },
          { name: "a", url: "http://b" },
        ],
      }),
    ).toThrow(/unique/);
    expect(() =>
      parseShardMap({ version: 1, partitions: 16, shards: [{ name: "a", url: "ftp://a" }] }),
    ).toThrow(/shards\.0\.url/);
  });
});

describe("rankShards", () => {
  it("starts with the owner and continues with the owner each partition would have without it", () => {
    const shards = names(4);
    const table = assignPartitions(shards, 512);
    for (let p = 0; p < 512; p++) {
      const ranking = rankShards(p, shards);
      expect(ranking[0]).toBe(table[p]);
      expect([...ranking].sort()).toEqual([0, 1, 2, 3]);
      // The failover shard is where the partition moves when its owner leaves the map.
      const without = shards.filter((_, i) => i !== ranking[0]);
      const next = shards[ranking[1] as number];
      expect(without[assignPartitions(without, 512)[p] as number]).toBe(next);
    }
  });
});
