import { describe, expect, it } from "vitest";
import { createSolUsdTracker } from "./createSolUsdTracker.ts";

const MIN = 60_000;
const obs = (at: number, priceUsd: string, depthQuote: bigint | null, pool = "P") => ({
  at,
  priceUsd,
  pool,
  venueType: "RAYDIUM_CLMM",
  depthQuote,
});

describe("createSolUsdTracker", () => {
  it("takes the deepest pool of a minute and carries it forward", () => {
    const t = createSolUsdTracker({ carryMinutes: 2 });
    t.observe(obs(10 * MIN + 1, "150.1", 1_000n, "shallow"));
    t.observe(obs(10 * MIN + 2, "150.5", 9_000n, "deep"));
    t.observe(obs(10 * MIN + 3, "151", 2_000n, "shallow"));
    expect(t.priceAt(10 * MIN + 59_000)).toBe("150.5");
    expect(t.priceAt(12 * MIN)).toBe("150.5");
    expect(t.priceAt(13 * MIN)).toBeNull();
    expect(t.priceAt(9 * MIN)).toBeNull();
    expect(t.drainChanged()).toEqual([{ minute: 10 * MIN, priceUsd: "150.5", source: "RAYDIUM_CLMM:deep" }]);
    expect(t.drainChanged()).toEqual([]);
  });

  it("keeps seeded minutes across a restart", () => {
    const t = createSolUsdTracker();
    t.seed([{ minute: 5 * MIN, priceUsd: "140", source: "x" }]);
    expect(t.priceAt(6 * MIN)).toBe("140");
    t.observe(obs(5 * MIN + 5, "141", null));
    expect(t.priceAt(5 * MIN)).toBe("141");
  });
});
