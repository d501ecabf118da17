import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Cache } from "../ports/cache.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";

const WAIT = { timeout: 10_000, interval: 20 };

/**
 * The behaviour every Cache adapter must show, registered as vitest tests. `makeCache` returns
 * a fresh cache for one test; `cleanup` runs once after the suite.
 */
export function cacheContract(label: string, makeCache: () => Cache, cleanup?: () => Promise<void>): void {
  describe(`Cache contract: ${label}`, () => {
    const open: Cache[] = [];
    const cache = (): Cache => {
      const c = makeCache();
      open.push(c);
      return c;
    };
    const key = (): string => `k${randomBytes(5).toString("hex")}`;

    afterEach(async () => {
      await Promise.all(open.splice(0).map((c) => c.close()));
    });
    if (cleanup) afterAll(cleanup);

    it("gets, sets, overwrites and deletes string values", async () => {
      const c = cache();
      const k = key();
      expect(await c.get(k)).toBeNull();
      await c.set(k, "a ✓");
      expect(await c.get(k)).toBe("a ✓");
      await c.set(k, "");
      expect(await c.get(k)).toBe("");
      await c.del(k);
      expect(await c.get(k)).toBeNull();
      await c.del(k);
    });

    it("expires a value after its TTL, and a later set without TTL keeps the value", async () => {
      const c = cache();
      const short = key();
      const kept = key();
      await c.set(short, "x", 300);
      await c.set(kept, "y", 300);
      await c.set(kept, "z");
      await vi.waitFor(async () => expect(await c.get(short)).toBeNull(), WAIT);
      expect(await c.get(kept)).toBe("z");
    });

    it("incrBy creates a counter at `by`, adds, subtracts and returns the new value", async () => {
      const c = cache();
      const k = key();
      expect(await c.incrBy(k, 5)).toBe(5);
      expect(await c.incrBy(k, 7)).toBe(12);
      expect(await c.incrBy(k, -20)).toBe(-8);
      expect(await c.get(k)).toBe("-8");
      await c.set(k, "40");
      expect(await c.incrBy(k, 2)).toBe(42);
    });

    it("incrBy sets the TTL when it creates the counter and never slides it", async () => {
      const c = cache();
      const k = key();
      expect(await c.incrBy(k, 1, 400)).toBe(1);
      // A slid window would now last a minute and the wait below would time out.
      expect(await c.incrBy(k, 1, 60_000)).toBe(2);
      await vi.waitFor(async () => expect(await c.get(k)).toBeNull(), WAIT);
      expect(await c.incrBy(k, 3)).toBe(3);
    });

    it("refuses counter operations on non-integer values and non-integer amounts", async () => {
      const c = cache();
      const k = key();
      await c.set(k, "1.5");
      await expect(c.incrBy(k, 1)).rejects.toThrow();
      await expect(c.debitIfAvailable(k, 1, -10)).rejects.toThrow();
      expect(await c.get(k)).toBe("1.5");
      await expect(c.incrBy(key(), 0.5)).rejects.toThrow(RangeError);
      await expect(c.debitIfAvailable(key(), -1)).rejects.toThrow(RangeError);
    });

    it("debitIfAvailable debits only down to the floor and changes nothing when refused", async () => {
      const c = cache();
      const k = key();
      expect(await c.debitIfAvailable(k, 1)).toBeNull();
      expect(await c.get(k)).toBeNull();
      await c.incrBy(k, 10);
      expect(await c.debitIfAvailable(k, 3)).toBe(7);
      expect(await c.debitIfAvailable(k, 8)).toBeNull();
      expect(await c.get(k)).toBe("7");
      expect(await c.debitIfAvailable(k, 7)).toBe(0);
      expect(await c.debitIfAvailable(k, 0)).toBe(0);
      // A negative floor is an overdraft allowance.
      expect(await c.debitIfAvailable(k, 5, -5)).toBe(-5);
      expect(await c.debitIfAvailable(k, 1, -5)).toBeNull();
      expect(await c.get(k)).toBe("-5");
      const fresh = key();
      expect(await c.debitIfAvailable(fresh, 2, -3)).toBe(-2);
      expect(await c.get(fresh)).toBe("-2");
    });

    it("debitIfAvailable keeps the counter's TTL", async () => {
      const c = cache();
      const k = key();
      await c.incrBy(k, 10, 400);
      expect(await c.debitIfAvailable(k, 4)).toBe(6);
      await vi.waitFor(async () => expect(await c.get(k)).toBeNull(), WAIT);
    });

    it("500 concurrent debits of 1 against a balance of 100: exactly 100 succeed, never below the floor", async () => {
      const c = cache();
      const k = key();
      await c.incrBy(k, 100);
      const results = await Promise.all(Array.from({ length: 500 }, () => c.debitIfAvailable(k, 1)));
      const granted = results.filter((r): r is number => r !== null);
      expect(granted).toHaveLength(100);
      // Every success saw a distinct balance: 99, 98, ..., 0.
      expect([...granted].sort((a, b) => b - a)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
      expect(await c.get(k)).toBe("0");
    });

    it("500 concurrent increments lose none", async () => {
      const c = cache();
      const k = key();
      const values = await Promise.all(Array.from({ length: 500 }, () => c.incrBy(k, 3)));
      expect(new Set(values).size).toBe(500);
      expect(Math.max(...values)).toBe(1500);
      expect(await c.get(k)).toBe("1500");
    });

    it("refuses use after close()", async () => {
      const c = cache();
      await c.close();
      await expect(c.get(key())).rejects.toThrow(AdapterClosedError);
      await expect(c.incrBy(key(), 1)).rejects.toThrow(AdapterClosedError);
      await expect(c.debitIfAvailable(key(), 1)).rejects.toThrow(AdapterClosedError);
      await c.close();
    });
  });
}
