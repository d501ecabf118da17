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

  it("keeps an entry for its own lifetime when one is given", async () => {
    const c = clock();
    const cache = createTtlCache<number>({ ttlMs: 100, max: 10, now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("hot", load, { ttlMs: 1000 });
    await cache.get("cold", load);
    c.advance(500);
    expect(await cache.get("hot", load, { ttlMs: 1000 })).toBe(1);
    expect(await cache.get("cold", load)).toBe(3);
  });

  it("invalidate drops the entries of a tag and no others", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, max: 10 });
    await cache.get("a", async () => "a1", { tags: ["m1", "t"] });
    await cache.get("b", async () => "b1", { tags: ["m2", "t"] });
    await cache.get("c", async () => "c1", { tags: ["m3"] });
    cache.invalidate("m1");
    expect(await cache.get("a", async () => "a2", { tags: ["m1", "t"] })).toBe("a2");
    expect(await cache.get("b", async () => "b2")).toBe("b1");
    cache.invalidate("t");
    expect(await cache.get("a", async () => "a3")).toBe("a3");
    expect(await cache.get("b", async () => "b3")).toBe("b3");
    expect(await cache.get("c", async () => "c2")).toBe("c1");
  });

  it("a load in flight when its tag is invalidated is answered to its callers but never stored", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, max: 10 });
    const before = deferred<string>();
    const first = cache.get("k", () => before.promise, { tags: ["m"] });
    cache.invalidate("m");
    // a read after the invalidation does not join the older load
    const second = cache.get("k", async () => "after", { tags: ["m"] });
    before.resolve("before");
    expect(await first).toBe("before");
    expect(await second).toBe("after");
    expect(await cache.get("k", async () => "again")).toBe("after");
  });

  it("update replaces a value in place, and null drops it", async () => {
    const cache = createTtlCache<{ n: number }>({ ttlMs: 1000, max: 10 });
    await cache.get("k", async () => ({ n: 1 }));
    cache.update("k", (v) => ({ n: v.n + 1 }));
    expect(await cache.get("k", async () => ({ n: 99 }))).toEqual({ n: 2 });
    cache.update("k", () => null);
    expect(await cache.get("k", async () => ({ n: 99 }))).toEqual({ n: 99 });
    cache.update("absent", () => ({ n: 5 }));
    expect(cache.size).toBe(1);
  });
});
