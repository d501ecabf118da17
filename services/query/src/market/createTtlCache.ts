/** A bounded in-process cache whose entries expire; concurrent loads of one key share one promise. */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
};

export type TtlCacheOptions<V> = {
  /** how long an entry is fresh */
  ttlMs: number;
  /**
   * How long past `ttlMs` an entry is still served while one reload runs in the background
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

type Entry<V> = { value: V; expires: number; staleUntil: number; weight: number };

/**
 * Creates a TTL cache holding at most `max` entries (and `maxWeight` summed weight; the least
 * recently used go first). A load that fails is not cached; a failed background reload leaves
 * the stale entry until its stale window ends. `ttlMs` 0 caches nothing but still coalesces
 * concurrent loads.
 */
export function createTtlCache<V>(opts: TtlCacheOptions<V>): TtlCache<V> {
  const now = opts.now ?? Date.now;
  const staleMs = opts.staleMs ?? 0;
  const maxWeight = opts.maxWeight ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry<V>>();
  const inflight = new Map<string, Promise<V>>();
  let weight = 0;

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    weight -= e.weight;
  };

  const store = (key: string, value: V) => {
    if (opts.ttlMs <= 0) return;
    remove(key);
    const w = opts.weigh ? opts.weigh(value) : 0;
    if (w > maxWeight) return;
    const t = now();
    entries.set(key, { value, expires: t + opts.ttlMs, staleUntil: t + opts.ttlMs + staleMs, weight: w });
    weight += w;
    while (entries.size > opts.max || weight > maxWeight) remove(entries.keys().next().value as string);
  };

  const load = (key: string, loader: () => Promise<V>): Promise<V> => {
    const pending = inflight.get(key);
    if (pending) return pending;
    const p = loader().then(
      (value) => {
        inflight.delete(key);
        store(key, value);
        return value;
      },
      (err) => {
        inflight.delete(key);
        throw err;
      },
    );
    inflight.set(key, p);
    return p;
  };

  return {
    async get(key, loader) {
      const hit = entries.get(key);
      if (hit) {
        const t = now();
        if (hit.expires > t || hit.staleUntil > t) {
          // most recently used last
          entries.delete(key);
          entries.set(key, hit);
          if (hit.expires <= t) load(key, loader).catch(() => {});
          return hit.value;
        }
        remove(key);
      }
      return load(key, loader);
    },
    delete: remove,
    clear() {
      entries.clear();
      weight = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
