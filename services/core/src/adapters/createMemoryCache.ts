import type { Cache } from "../ports/cache.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { assertCounterAmount } from "./assertCounterAmount.ts";

export type MemoryCacheOptions = {
  /** How often expired keys are swept (reads also drop them). @defaultValue 60000 */
  sweepMs?: number;
};

type Slot = { value: string; expiresAt: number | null };

/**
 * In-process cache with the semantics of the Redis adapter: string values, millisecond TTLs,
 * integer counters (a non-integer value refuses `incrBy`/`debitIfAvailable`, as INCRBY does),
 * TTL set only when a counter is created, and debits that keep the key's TTL. Node runs one
 * callback at a time and no method awaits in between, so every operation is atomic.
 */
export function createMemoryCache(opts: MemoryCacheOptions = {}): Cache {
  const slots = new Map<string, Slot>();
  let closed = false;

  const live = (key: string): Slot | undefined => {
    const slot = slots.get(key);
    if (slot && slot.expiresAt !== null && slot.expiresAt <= Date.now()) {
      slots.delete(key);
      return undefined;
    }
    return slot;
  };
  const counter = (key: string, slot: Slot | undefined): number => {
    if (!slot) return 0;
    if (!/^-?\d+$/.test(slot.value) || !Number.isSafeInteger(Number(slot.value))) {
      throw new TypeError(`cache value at ${key} is not an integer`);
    }
    return Number(slot.value);
  };
  const ensureOpen = (): void => {
    if (closed) throw new AdapterClosedError("memory cache");
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, slot] of slots) if (slot.expiresAt !== null && slot.expiresAt <= now) slots.delete(key);
  }, opts.sweepMs ?? 60_000);
  sweep.unref();

  return {
    async get(key) {
      ensureOpen();
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      ensureOpen();
      slots.set(key, { value, expiresAt: ttlMs !== undefined && ttlMs > 0 ? Date.now() + ttlMs : null });
    },
    async del(key) {
      ensureOpen();
      slots.delete(key);
    },
    async incrBy(key, by, ttlMs) {
      ensureOpen();
      assertCounterAmount("by", by);
      const slot = live(key);
      const next = counter(key, slot) + by;
      if (slot) slot.value = String(next);
      else
        slots.set(key, {
          value: String(next),
          expiresAt: ttlMs !== undefined && ttlMs > 0 ? Date.now() + ttlMs : null,
        });
      return next;
    },
    async debitIfAvailable(key, amount, floor = 0) {
      ensureOpen();
      assertCounterAmount("amount", amount);
      assertCounterAmount("floor", floor);
      if (amount < 0) throw new RangeError(`amount must not be negative, got ${amount}`);
      const slot = live(key);
      const next = counter(key, slot) - amount;
      if (next < floor) return null;
      if (slot) slot.value = String(next);
      else slots.set(key, { value: String(next), expiresAt: null });
      return next;
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      slots.clear();
    },
  };
}
