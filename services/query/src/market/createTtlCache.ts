/** A bounded in-process cache whose entries expire; concurrent loads of one key share one promise. */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>, entry?: EntryOptions): Promise<V>;
  /**
   * Drops every entry, and forgets every load in flight, carrying `tag`: a load that started
   * before the call is not stored, and the next `get` loads again.
   */
  invalidate(tag: string): void;
  /** Replaces an entry's value in place (same lifetime); `null` drops it. Loads in flight are forgotten. */
  update(key: string, next: (value: V) => V | null): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
};

/** What one entry may set for itself. */
export type EntryOptions = {
  /** how long this entry is fresh (instead of the cache's `ttlMs`) */
  ttlMs?: number;
  /** names `invalidate` drops the entry by (e.g. the markets and tokens it was computed from) */
  tags?: readonly string[];
};

export type TtlCacheOptions<V> = {
  /** how long an entry is fresh */
  ttlMs: number;
  /**
   * How long past its lifetime an entry is still served while one reload runs in the background
   * (stale-while-revalidate), so a hot key never makes its callers wait for a reload. Default 0.
   */
  staleMs?: number;
  /** most entries held */
  max: number;
  /** optional bound on the summed `weigh` of the entries (e.g. candles held) */
  maxWeight?: number;
  weigh?: (value: V) => number;
  now?: () => number;
};

type Entry<V> = { value: V; expires: number; staleUntil: number; weight: number; tags: readonly string[] };
type Inflight<V> = { promise: Promise<V>; tags: readonly string[] };

const NO_TAGS: readonly string[] = [];

/**
 * Creates a TTL cache holding at most `max` entries (and `maxWeight` summed weight; the least
 * recently used go first). A load that fails is not cached; a failed background reload leaves
 * the stale entry until its stale window ends. A lifetime of 0 caches nothing but still
 * coalesces concurrent loads.
 */
export function createTtlCache<V>(opts: TtlCacheOptions<V>): TtlCache<V> {
  const now = opts.now ?? Date.now;
  const staleMs = opts.staleMs ?? 0;
  const maxWeight = opts.maxWeight ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry<V>>();
  const inflight = new Map<string, Inflight<V>>();
  const byTag = new Map<string, Set<string>>();
  let weight = 0;

  const untag = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) byTag.delete(tag);
    }
  };

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    weight -= e.weight;
    untag(key, e.tags);
  };

  const store = (key: string, value: V, ttlMs: number, tags: readonly string[]) => {
    if (ttlMs <= 0) return;
    remove(key);
    const w = opts.weigh ? opts.weigh(value) : 0;
    if (w > maxWeight) return;
    const t = now();
    entries.set(key, { value, expires: t + ttlMs, staleUntil: t + ttlMs + staleMs, weight: w, tags });
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (keys) keys.add(key);
      else byTag.set(tag, new Set([key]));
    }
    weight += w;
    while (entries.size > opts.max || weight > maxWeight) remove(entries.keys().next().value as string);
  };

  const load = (
    key: string,
    loader: () => Promise<V>,
    ttlMs: number,
    tags: readonly string[],
  ): Promise<V> => {
    const pending = inflight.get(key);
    if (pending) return pending.promise;
    const own: Inflight<V> = { promise: Promise.resolve() as Promise<V>, tags };
    // Stored only while still the key's load: an invalidation in between forgot it, since what it
    // read may predate the change that invalidated the key.
    const current = () => inflight.get(key) === own;
    own.promise = loader().then(
      (value) => {
        if (current()) {
          inflight.delete(key);
          store(key, value, ttlMs, tags);
        }
        return value;
      },
      (err) => {
        if (current()) inflight.delete(key);
        throw err;
      },
    );
    inflight.set(key, own);
    return own.promise;
  };

  return {
    async get(key, loader, entry) {
      const ttlMs = entry?.ttlMs ?? opts.ttlMs;
      const tags = entry?.tags ?? NO_TAGS;
      const hit = entries.get(key);
      if (hit) {
        const t = now();
        if (hit.expires > t || hit.staleUntil > t) {
          // most recently used last
          entries.delete(key);
          entries.set(key, hit);
          if (hit.expires <= t) load(key, loader, ttlMs, tags).catch(() => {});
          return hit.value;
        }
        remove(key);
      }
      return load(key, loader, ttlMs, tags);
    },
    invalidate(tag) {
      for (const key of [...(byTag.get(tag) ?? [])]) remove(key);
      for (const [key, pending] of inflight) if (pending.tags.includes(tag)) inflight.delete(key);
    },
    update(key, next) {
      inflight.delete(key);
      const e = entries.get(key);
      if (!e) return;
      const value = next(e.value);
      if (value === null) {
        remove(key);
        return;
      }
      e.value = value;
    },
    delete(key) {
      remove(key);
      inflight.delete(key);
    },
    clear() {
      entries.clear();
      inflight.clear();
      byTag.clear();
      weight = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
