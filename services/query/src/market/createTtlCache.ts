/** A bounded in-process cache whose entries expire; concurrent loads of one key share one promise. */
export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
};

/**
 * Creates a TTL cache holding at most `max` entries (the least recently used go first). A load
 * that fails is not cached. `ttlMs` 0 caches nothing but still coalesces concurrent loads.
 */
export function createTtlCache<V>(opts: { ttlMs: number; max: number; now?: () => number }): TtlCache<V> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; expires: number }>();
  const inflight = new Map<string, Promise<V>>();
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) entries.delete(key);
      const pending = inflight.get(key);
      if (pending) return pending;
      const p = load().then(
        (value) => {
          inflight.delete(key);
          if (opts.ttlMs > 0) {
            entries.set(key, { value, expires: now() + opts.ttlMs });
            while (entries.size > opts.max) entries.delete(entries.keys().next().value as string);
          }
          return value;
        },
        (err) => {
          inflight.delete(key);
          throw err;
        },
      );
      inflight.set(key, p);
      return p;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
