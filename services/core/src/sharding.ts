import { z } from "zod";

/**
 * Shard routing. Keys (a market key `<chain>/<pool>`, a token or a wallet key) hash onto a fixed
 * set of virtual partitions; partitions are assigned to shards by rendezvous hashing (each
 * partition goes to the shard with the highest hash of `(partition, shard name)`). The assignment
 * depends only on the shard names, so when a shard joins only the partitions it wins move to it,
 * and when a shard leaves only its own partitions move. Every function here is pure.
 */

/** Number of virtual partitions when a shard map does not say otherwise. */
export const DEFAULT_PARTITIONS = 4096;

/**
 * The shard map the operator publishes (as a ConfigMap, JSON) and the router reads:
 * `{ "version": 3, "partitions": 4096, "shards": [{ "name": "shard-0", "url": "http://q-0:8081" }] }`.
 * `version` increases with every change; `partitions` must never change for a live deployment
 * (it would move most keys); `shards` are identified by `name` (unique), their order is irrelevant.
 */
export type ShardMap = {
  version: number;
  partitions: number;
  shards: { name: string; url: string }[];
};

const shardMapSchema = z
  .strictObject({
    version: z.number().int().min(0),
    partitions: z
      .number()
      .int()
      .min(1)
      .max(1 << 20),
    shards: z.array(z.strictObject({ name: z.string().min(1), url: z.url({ protocol: /^https?$/ }) })).min(1),
  })
  .refine((m) => new Set(m.shards.map((s) => s.name)).size === m.shards.length, {
    message: "shard names must be unique",
    path: ["shards"],
  });

/**
 * Validates a parsed shard map document.
 * @throws Error naming every problem when the document is not a valid shard map.
 */
export function parseShardMap(input: unknown): ShardMap {
  const r = shardMapSchema.safeParse(input);
  if (!r.success) {
    const problems = r.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`invalid shard map: ${problems.join("; ")}`);
  }
  return r.data;
}

/**
 * 32-bit FNV-1a over the UTF-8 bytes of `s` (a lone surrogate as U+FFFD, as `Buffer.from`
 * encodes it), finished with murmur3's avalanche step. The bytes are produced inline: the router
 * hashes every key it routes, and a buffer per key cost several times the hashing. The value
 * must never change between releases: it places keys on partitions and bus partitions.
 */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      h = Math.imul(h ^ c, 0x01000193);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x800) {
      h = Math.imul(h ^ (0xc0 | (c >> 6)), 0x01000193);
    } else if (c < 0x10000) {
      h = Math.imul(h ^ (0xe0 | (c >> 12)), 0x01000193);
      h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), 0x01000193);
    } else {
      h = Math.imul(h ^ (0xf0 | (c >> 18)), 0x01000193);
      h = Math.imul(h ^ (0x80 | ((c >> 12) & 0x3f)), 0x01000193);
      h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), 0x01000193);
    }
    h = Math.imul(h ^ (0x80 | (c & 0x3f)), 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The virtual partition of a key, in `[0, partitions)`. */
export function partitionOf(key: string, partitions = DEFAULT_PARTITIONS): number {
  return hash32(key) % partitions;
}

/**
 * Assigns every partition to a shard by rendezvous hashing over the shard names.
 * @returns `table[partition]` = index into `shardNames`.
 */
export function assignPartitions(
  shardNames: readonly string[],
  partitions = DEFAULT_PARTITIONS,
): Uint32Array {
  if (shardNames.length === 0) throw new Error("assignPartitions needs at least one shard");
  const table = new Uint32Array(partitions);
  for (let p = 0; p < partitions; p++) {
    let best = 0;
    let bestScore = -1;
    for (let s = 0; s < shardNames.length; s++) {
      const score = hash32(`${p}\u0000${shardNames[s]}`);
      // Ties (vanishingly rare) break on the name so the result never depends on list order.
      if (
        score > bestScore ||
        (score === bestScore && (shardNames[s] as string) < (shardNames[best] as string))
      ) {
        best = s;
        bestScore = score;
      }
    }
    table[p] = best;
  }
  return table;
}

/**
 * Every shard ordered by its rendezvous score for `partition`, best first: the owner, then the
 * shard that would own the partition were the owner gone, and so on (the failover order).
 * @returns indices into `shardNames`.
 */
export function rankShards(partition: number, shardNames: readonly string[]): number[] {
  const scores = shardNames.map((name) => hash32(`${partition}\u0000${name}`));
  return shardNames
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (scores[b] as number) - (scores[a] as number) ||
        ((shardNames[a] as string) < (shardNames[b] as string) ? -1 : 1),
    );
}

/** A compiled shard map: key → shard index, answered from a precomputed partition table. */
export type ShardRouter = {
  readonly map: ShardMap;
  /** Index into `map.shards` of the shard owning `key`. */
  shardOf(key: string): number;
  /** Index into `map.shards` of the shard owning `partition`. */
  shardOfPartition(partition: number): number;
  /** The virtual partition of `key` under this map. */
  partitionOf(key: string): number;
  /** Indices into `map.shards` in failover order for `partition` (see `rankShards`). */
  rankingOf(partition: number): number[];
};

/** Compiles a shard map into a router (one pass of rendezvous hashing, then O(1) lookups). */
export function createShardRouter(map: ShardMap): ShardRouter {
  const table = assignPartitions(
    map.shards.map((s) => s.name),
    map.partitions,
  );
  return {
    map,
    shardOf: (key) => table[partitionOf(key, map.partitions)] as number,
    shardOfPartition: (partition) => table[partition] as number,
    partitionOf: (key) => partitionOf(key, map.partitions),
    rankingOf: (partition) =>
      rankShards(
        partition,
        map.shards.map((s) => s.name),
      ),
  };
}
