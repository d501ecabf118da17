import { describe, expect, it } from "vitest";
import { createTtlCache } from "./createTtlCache.ts";

function clock(start = 1000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe("createTtlCache", () => {
  it("serves a fresh entry without loading again, and reloads once it expired", async () => {
    const c = clock();
    const cache = createTtlCache<number>({ ttlMs: 100, max: 10, now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    c.advance(99);
    expect(await cache.get("k", load)).toBe(1);
    c.advance(1);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("coalesces concurrent loads of one key into one", async () => {
    const cache = createTtlCache<string>({ ttlMs: 0, max: 10 });
    const d = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return d.promise;
    };
    const a = cache.get("k", load);
    const b = cache.get("k", load);
    d.resolve("v");
    expect(await Promise.all([a, b])).toEqual(["v", "v"]);
    expect(loads).toBe(1);
    expect(cache.size).toBe(0);
  });

  it("within the stale window answers the old value at once and reloads in the background", async () => {
    const c = clock();
    const cache = createTtlCache<string>({ ttlMs: 100, staleMs: 100, max: 10, now: c.now });
    await cache.get("k", async () => "old");
    c.advance(150);
    const d = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return d.promise;
    };
    expect(await cache.get("k", load)).toBe("old");
    expect(await cache.get("k", load)).toBe("old");
    expect(loads).toBe(1);
    d.resolve("new");
    await d.promise;
    await Promise.resolve();
    expect(await cache.get("k", load)).toBe("new");
    expect(loads).toBe(1);
  });

  it("a failed background reload keeps the stale entry until its window ends; a failed load is not cached", async () => {
    const c = clock();
    const cache = createTtlCache<string>({ ttlMs: 100, staleMs: 100, max: 10, now: c.now });
    await cache.get("k", async () => "old");
    c.advance(150);
    const fail = () => Promise.reject(new Error("down"));
    expect(await cache.get("k", fail)).toBe("old");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", fail)).toBe("old");
    c.advance(50);
    await expect(cache.get("k", fail)).rejects.toThrow("down");
    expect(await cache.get("k", async () => "again")).toBe("again");
  });

  it("drops the least recently used entries beyond max entries and beyond max weight", async () => {
    const cache = createTtlCache<number[]>({ ttlMs: 1000, max: 3, maxWeight: 10, weigh: (v) => v.length });
    const load = (n: number) => async () => Array.from({ length: n }, () => n);
    await cache.get("a", load(1));
    await cache.get("b", load(2));
    await cache.get("c", load(3));
    await cache.get("a", load(99)); // touch a: b is now the oldest
    await cache.get("d", load(1));
    expect(cache.size).toBe(3);
    expect(await cache.get("b", load(7))).toHaveLength(7); // b was dropped by max entries
    // weights now: c 3, a 1, d 1 were touched before b (7): 12 > 10 drops c
    expect(await cache.get("c", load(4))).toHaveLength(4);
    expect(await cache.get("x", load(11))).toHaveLength(11); // heavier than the bound: never held
    expect(await cache.get("x", load(2))).toHaveLength(2);
  });
});
