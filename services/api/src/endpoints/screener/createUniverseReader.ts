import type { ChainId, UniverseSnapshot, UniverseStore } from "@tapeline/core";

/** Reads universe snapshots with their parsed form kept in process (they are immutable per version). */
export type UniverseReader = {
  /** the latest version of a chain (cached about a second: refreshes come every few seconds) */
  latest(chain: ChainId): Promise<number | null>;
  get(chain: ChainId, version: number): Promise<UniverseSnapshot | null>;
};

/**
 * A reader over the universe store: the latest pointer of each chain is asked at most once per
 * `pointerMs`, and each snapshot is parsed once and kept while among the `keep` last used.
 */
export function createUniverseReader(store: UniverseStore, opts: { pointerMs?: number; keep?: number } = {}) {
  const pointerMs = opts.pointerMs ?? 1_000;
  const keep = opts.keep ?? 64;
  const pointers = new Map<ChainId, { at: number; version: Promise<number | null> }>();
  const snapshots = new Map<string, Promise<UniverseSnapshot | null>>();
  const reader: UniverseReader = {
    latest(chain) {
      const now = Date.now();
      const hit = pointers.get(chain);
      if (hit && now - hit.at < pointerMs) return hit.version;
      const version = store.latest(chain);
      pointers.set(chain, { at: now, version });
      version.catch(() => pointers.delete(chain));
      return version;
    },
    get(chain, version) {
      const key = `${chain}#${version}`;
      const hit = snapshots.get(key);
      if (hit) {
        snapshots.delete(key);
        snapshots.set(key, hit);
        return hit;
      }
      const loading = store.get(chain, version);
      snapshots.set(key, loading);
      // An expired or failed read is not remembered, so a later call asks the store again.
      loading.then(
        (s) => s === null && snapshots.delete(key),
        () => snapshots.delete(key),
      );
      while (snapshots.size > keep) snapshots.delete(snapshots.keys().next().value as string);
      return loading;
    },
  };
  return reader;
}
