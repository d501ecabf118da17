import type { ChainId } from "../chainId.ts";
import type { Cache } from "../ports/cache.ts";
import type { UniverseSnapshot } from "./universeTypes.ts";

/** How long a universe computation stays readable: a cursor pins it at least this long. */
export const UNIVERSE_KEEP_MS = 120_000;

/** Versioned universe snapshots per chain in the cache (Redis in a cluster). */
export type UniverseStore = {
  /** Stores a computation under the chain's next version and makes it the latest. */
  put(
    chain: ChainId,
    asOf: number,
    lists: Pick<UniverseSnapshot, "markets" | "newest">,
  ): Promise<UniverseSnapshot>;
  /** The latest version of a chain, or null when none is kept. */
  latest(chain: ChainId): Promise<number | null>;
  /** A kept computation, or null once it expired. */
  get(chain: ChainId, version: number): Promise<UniverseSnapshot | null>;
};

/**
 * The universe store over the Cache port. Keys: `screener:universe:<chain>:<version>` (the
 * snapshot, kept `keepMs`), `…:latest` (its version) and `…:seq` (the version counter, shared by
 * every refresher so versions increase whichever replica computed them).
 */
export function createUniverseStore(cache: Cache, keepMs = UNIVERSE_KEEP_MS): UniverseStore {
  const key = (chain: ChainId, part: string | number): string => `screener:universe:${chain}:${part}`;
  return {
    async put(chain, asOf, lists) {
      const version = await cache.incrBy(key(chain, "seq"), 1);
      const snapshot: UniverseSnapshot = {
        chain,
        version,
        asOf,
        markets: lists.markets,
        newest: lists.newest,
      };
      await cache.set(key(chain, version), JSON.stringify(snapshot), keepMs);
      await cache.set(key(chain, "latest"), String(version), keepMs);
      return snapshot;
    },
    async latest(chain) {
      const v = await cache.get(key(chain, "latest"));
      return v === null ? null : Number(v);
    },
    async get(chain, version) {
      const text = await cache.get(key(chain, version));
      return text === null ? null : (JSON.parse(text) as UniverseSnapshot);
    },
  };
}
